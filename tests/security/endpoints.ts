/**
 * Every API endpoint as the authorization matrix drives it: the method, a URL builder, a body
 * factory, and the expected answer for a persona, computed from the shared policy table
 * (CAPABILITY, requestScopeOf, regionalScopeOf, canAct, assignableRoleIds): never written per cell.
 *
 * Each cell prepares its own fresh target, so a write the persona may make succeeds, and no cell
 * depends on what another cell did.
 */
import crypto from 'node:crypto';
import { hasCapability } from '#shared/domain/permissions.ts';
import { assignableRoleIds, descendantIds, ROLE, type SystemRole } from '#shared/domain/roles.ts';
import {
  canAct,
  isAllowedActor,
  isInFromStatus,
  type RequestFacts,
  type RequestStatus,
  roleMayAct,
  type WorkflowAction,
} from '#shared/domain/workflow.ts';
import type { TestContext } from '#tests/harness/app.ts';
import { makeCustomer, makeRegion, makeRequest, makeUser } from '#tests/harness/app.ts';
import {
  customRoleUnder,
  gate,
  type Method,
  multipart,
  notificationFor,
  type Persona,
  requestFor,
  type Side,
  sees,
  seesRegional,
  tinyPng,
  type World,
} from './fixtures.ts';
import { docsRoutes } from './routes.ts';

/** 'ok': a 2xx is expected; otherwise the acceptable refusal codes. */
export type Expected = 'ok' | readonly number[];

export interface Prepared {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  expected: Expected;
  /** Checked after a 2xx (the database says the change happened). */
  verify?: () => Promise<boolean>;
}

export interface Endpoint {
  name: string;
  method: Method;
  /** The route as registered (used by the token and fuzz tests). */
  route: string;
  /** Does the target's region / ownership matter? When not, the matrix runs one cell instead of two. */
  dims: { region: boolean; record: boolean };
  prepare(ctx: TestContext, w: World, p: Persona, region: Side, record: Side): Promise<Prepared>;
}

type Step = number | readonly number[] | null | false | undefined;

/** The first refusal among the steps, else 'ok'. */
export function decide(...steps: Step[]): Expected {
  for (const s of steps) {
    if (typeof s === 'number') return [s];
    if (Array.isArray(s)) return s;
  }
  return 'ok';
}

const actorOfPersona = (p: Persona) => ({ id: p.id, policyRole: p.role as SystemRole });

/** The workflow table's verdict: null when the persona may act, else the refusal (403 wrong role or person, 409 wrong moment). */
export function workflowStep(action: WorkflowAction, p: Persona, facts: RequestFacts): Step {
  if (!p.role) return 401;
  const actor = actorOfPersona(p);
  if (canAct(action, actor, facts)) return null;
  if (!roleMayAct(action, actor)) return 403;
  if (!isInFromStatus(action, facts.status)) return 409;
  return isAllowedActor(action, actor, facts) ? null : [403, 409];
}

const assignable = (w: World, p: Persona) =>
  p.role ? assignableRoleIds(w.roleRows, { roleId: p.roleId, policyRole: p.role }) : new Set<string>();

const roleIdOf = (w: World, name: SystemRole) => w.roleRows.find((r) => r.name === name)?.id as string;

/** One is below the other in the role tree, within the upper one's region when it has one (restated from colleagues.ts). */
function worksInHierarchy(w: World, p: Persona, other: { roleId: string; regionId: string | null }): boolean {
  const below = (a: { roleId: string; regionId: string | null }, b: { roleId: string; regionId: string | null }) =>
    descendantIds(w.roleRows, a.roleId).has(b.roleId) && (!a.regionId || a.regionId === b.regionId);
  const me = { roleId: p.roleId, regionId: p.regionId };
  return below(me, other) || below(other, me);
}

const uniq = () => crypto.randomUUID().slice(0, 8);
const DESCRIPTION = 'Matrix request: the filter leaks at the joint';

// ---------------------------------------------------------------- the table

const requestRead = (name: string, suffix: string, status: RequestStatus = 'PENDING_APPROVAL'): Endpoint => ({
  name,
  method: 'GET',
  route: `/api/service-requests/:id${suffix}`,
  dims: { region: true, record: true },
  async prepare(ctx, w, p, region, record) {
    const { row } = await requestFor(ctx, w, p, region, record, status);
    const candidates = suffix === '/technicians';
    return {
      url: `/api/service-requests/${row.id}${suffix}`,
      expected: decide(
        gate(p, 'requestRead'),
        !sees(p, row) && 404,
        candidates && p.role && !roleMayAct('assign', actorOfPersona(p)) && 403,
      ),
    };
  },
});

interface TransitionSpec {
  name: string;
  method: Method;
  route: string;
  action: WorkflowAction;
  status: RequestStatus;
  opts?: { needsSalesApproval?: boolean; salesApproved?: boolean };
  url: (id: string) => string;
  body: (id: string, w: World, region: Side) => unknown;
  /** The status the database holds after a successful call. */
  after?: RequestStatus;
}

function transition(t: TransitionSpec): Endpoint {
  return {
    name: t.name,
    method: t.method,
    route: t.route,
    dims: { region: true, record: true },
    async prepare(ctx, w, p, region, record) {
      const { row, facts } = await requestFor(ctx, w, p, region, record, t.status, t.opts);
      const expected = decide(gate(p, 'requestRead'), !sees(p, row) && 404, workflowStep(t.action, p, facts));
      return {
        url: t.url(row.id),
        payload: t.body(row.id, w, region),
        expected,
        verify: async () => {
          const { findRow } = await import('#server/modules/service-requests/repository.ts');
          const now = await findRow(ctx.db, row.id);
          if (!now) return false;
          if (t.after && now.status !== t.after) return false;
          if (t.action === 'salesApprove' && !now.salesApproved) return false;
          return now.version > row.version;
        },
      };
    },
  };
}

const uploadMedia: Endpoint = {
  name: 'upload work photo',
  method: 'POST',
  route: '/api/uploads/work-media/:id',
  dims: { region: true, record: true },
  async prepare(ctx, w, p, region, record) {
    const { row, facts } = await requestFor(ctx, w, p, region, record, 'IN_PROGRESS');
    const { payload, headers } = multipart(await tinyPng());
    return {
      url: `/api/uploads/work-media/${row.id}`,
      payload,
      headers,
      expected: decide(gate(p, 'requestRead'), !sees(p, row) && 404, workflowStep('uploadMedia', p, facts)),
    };
  },
};

const updateLocation: Endpoint = {
  name: 'save customer location',
  method: 'PUT',
  route: '/api/customers/update-location/:id',
  dims: { region: true, record: true },
  async prepare(ctx, w, p, region, record) {
    const customer = await makeCustomer(ctx.db, w.regions[region].id);
    // "Own": the persona's open task at this customer (only a technician can hold one).
    let asTechnician = false;
    if (record === 'own' && p.role) {
      const { makeRequest } = await import('#tests/harness/app.ts');
      const row = await makeRequest(ctx.db, {
        customerId: customer.id,
        regionId: customer.regionId,
        requestedById: w.requester[region].id,
        assignedToId: p.role === ROLE.TECHNICIAN ? p.id : w.tech[region].id,
        status: 'IN_PROGRESS',
      });
      asTechnician = canAct('captureLocation', actorOfPersona(p), { ...row, status: 'IN_PROGRESS' });
    }
    return {
      url: `/api/customers/update-location/${customer.id}`,
      payload: { latitude: 13.08, longitude: 80.27, accuracy: 12 },
      expected: asTechnician
        ? 'ok'
        : decide(
            gate(p, 'signedIn'),
            !seesRegional(p, customer.regionId) && 404,
            p.role && !hasCapability(p.role, 'customerManage') && 403,
          ),
    };
  },
};

const customerBody = (regionId: string) => ({
  name: `Matrix Customer ${uniq()}`,
  address: '12 Lake Road, Adyar',
  primaryPhone: String(7000000000 + Math.floor(Math.random() * 999_999_999)).slice(0, 10),
  regionId,
});

/** A user target: "own" is the persona, "other" a fresh technician of the region. */
async function userTarget(ctx: TestContext, w: World, p: Persona, region: Side, record: Side) {
  if (record === 'own' && p.role) return { id: p.id, roleId: p.roleId, regionId: p.regionId, self: true };
  const made = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: w.regions[region].id });
  return { id: made.id, roleId: roleIdOf(w, ROLE.TECHNICIAN), regionId: made.regionId, self: false };
}

export const ENDPOINTS: Endpoint[] = [
  // ---- public and signed-in basics
  {
    name: 'public config',
    method: 'GET',
    route: '/api/config',
    dims: { region: false, record: false },
    prepare: async () => ({ url: '/api/config', expected: 'ok' }),
  },
  {
    name: 'health',
    method: 'GET',
    route: '/api/health',
    dims: { region: false, record: false },
    prepare: async () => ({ url: '/api/health', expected: 'ok' }),
  },
  {
    name: 'me',
    method: 'GET',
    route: '/api/auth/me',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({ url: '/api/auth/me', expected: decide(gate(p, 'signedIn')) }),
  },
  {
    name: 'dashboard stats',
    method: 'GET',
    route: '/api/service-requests/dashboard/stats',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({
      url: '/api/service-requests/dashboard/stats',
      expected: decide(gate(p, 'dashboard')),
    }),
  },
  {
    name: 'audit log',
    method: 'GET',
    route: '/api/audit-log',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({ url: '/api/audit-log', expected: decide(gate(p, 'auditRead')) }),
  },

  // ---- service requests
  {
    name: 'list requests',
    method: 'GET',
    route: '/api/service-requests',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({ url: '/api/service-requests', expected: decide(gate(p, 'requestList')) }),
  },
  {
    name: 'create request',
    method: 'POST',
    route: '/api/service-requests',
    dims: { region: true, record: false },
    prepare: async (_c, w, p, region) => ({
      url: '/api/service-requests',
      payload: {
        type: 'SERVICE',
        description: DESCRIPTION,
        customerId: w.customer[region].id,
        regionId: w.regions[region].id,
      },
      // A customer outside the persona's regional scope reads as not found (400 on the field).
      expected: decide(gate(p, 'requestCreate'), !seesRegional(p, w.regions[region].id) && 400),
    }),
  },
  requestRead('request details', ''),
  requestRead('assign candidates', '/technicians', 'APPROVED'),
  {
    name: 'edit request',
    method: 'PATCH',
    route: '/api/service-requests/:id',
    dims: { region: true, record: true },
    async prepare(ctx, w, p, region, record) {
      const { row, facts } = await requestFor(ctx, w, p, region, record, 'PENDING_APPROVAL');
      return {
        url: `/api/service-requests/${row.id}`,
        payload: { description: `${DESCRIPTION} (edited)` },
        expected: decide(gate(p, 'requestRead'), !sees(p, row) && 404, workflowStep('edit', p, facts)),
      };
    },
  },
  transition({
    name: 'sales approve',
    method: 'POST',
    route: '/api/service-requests/:id/sales-approve',
    action: 'salesApprove',
    status: 'PENDING_APPROVAL',
    opts: { needsSalesApproval: true, salesApproved: false },
    url: (id) => `/api/service-requests/${id}/sales-approve`,
    body: () => ({ comments: 'ok' }),
    after: 'PENDING_APPROVAL',
  }),
  transition({
    name: 'service approve',
    method: 'POST',
    route: '/api/service-requests/:id/service-approve',
    action: 'serviceApprove',
    status: 'PENDING_APPROVAL',
    url: (id) => `/api/service-requests/${id}/service-approve`,
    body: () => ({}),
    after: 'APPROVED',
  }),
  transition({
    name: 'reject',
    method: 'POST',
    route: '/api/service-requests/:id/reject',
    action: 'reject',
    status: 'PENDING_APPROVAL',
    url: (id) => `/api/service-requests/${id}/reject`,
    body: () => ({ comments: 'Duplicate of another request' }),
    after: 'REJECTED',
  }),
  transition({
    name: 'auto assign',
    method: 'POST',
    route: '/api/service-requests/:id/auto-assign',
    action: 'assign',
    status: 'APPROVED',
    url: (id) => `/api/service-requests/${id}/auto-assign`,
    body: () => ({}),
    after: 'ASSIGNED',
  }),
  transition({
    name: 'manual assign',
    method: 'POST',
    route: '/api/service-requests/:id/manual-assign',
    action: 'assign',
    status: 'APPROVED',
    url: (id) => `/api/service-requests/${id}/manual-assign`,
    body: (_id, w, region) => ({ technicianId: w.tech[region].id }),
    after: 'ASSIGNED',
  }),
  transition({
    name: 'acknowledge',
    method: 'PATCH',
    route: '/api/service-requests/:id/acknowledge',
    action: 'acknowledge',
    status: 'WORK_COMPLETED',
    url: (id) => `/api/service-requests/${id}/acknowledge`,
    body: () => ({}),
    after: 'COMPLETED',
  }),
  transition({
    name: 'start work',
    method: 'POST',
    route: '/api/technician-workflow/start',
    action: 'start',
    status: 'ASSIGNED',
    url: () => '/api/technician-workflow/start',
    body: (id) => ({ requestId: id }),
    after: 'IN_PROGRESS',
  }),
  transition({
    name: 'complete work',
    method: 'POST',
    route: '/api/technician-workflow/stop',
    action: 'complete',
    status: 'IN_PROGRESS',
    url: () => '/api/technician-workflow/stop',
    body: (id) => ({ requestId: id, notes: 'Replaced the filter' }),
    after: 'WORK_COMPLETED',
  }),
  uploadMedia,
  updateLocation,

  // ---- technician screens
  ...(['my-tasks', 'task-history', 'my-stats'] as const).map(
    (path): Endpoint => ({
      name: `technician ${path}`,
      method: 'GET',
      route: `/api/technicians/${path}`,
      dims: { region: false, record: false },
      prepare: async (_c, _w, p) => ({ url: `/api/technicians/${path}`, expected: decide(gate(p, 'technicianTasks')) }),
    }),
  ),
  {
    name: 'technician task',
    method: 'GET',
    route: '/api/technicians/tasks/:id',
    dims: { region: true, record: true },
    async prepare(ctx, w, p, region, record) {
      const { row } = await requestFor(ctx, w, p, region, record, 'ASSIGNED');
      return {
        url: `/api/technicians/tasks/${row.id}`,
        expected: decide(gate(p, 'technicianTasks'), row.assignedToId !== p.id && 404),
      };
    },
  },

  // ---- customers
  {
    name: 'list customers',
    method: 'GET',
    route: '/api/customers',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({ url: '/api/customers', expected: decide(gate(p, 'customerRead')) }),
  },
  ...(
    [
      ['customer details', '', 'customerRead'],
      ['customer history', '/history', 'customerHistory'],
    ] as const
  ).map(
    ([name, suffix, capability]): Endpoint => ({
      name,
      method: 'GET',
      route: `/api/customers/:id${suffix}`,
      dims: { region: true, record: false },
      async prepare(ctx, w, p, region) {
        const customer = await makeCustomer(ctx.db, w.regions[region].id);
        return {
          url: `/api/customers/${customer.id}${suffix}`,
          expected: decide(gate(p, capability), !seesRegional(p, customer.regionId) && 404),
        };
      },
    }),
  ),
  {
    name: 'create customer',
    method: 'POST',
    route: '/api/customers',
    dims: { region: true, record: false },
    prepare: async (_c, w, p, region) => ({
      url: '/api/customers',
      payload: customerBody(w.regions[region].id),
      expected: decide(gate(p, 'customerManage'), !seesRegional(p, w.regions[region].id) && 403),
    }),
  },
  {
    name: 'update customer',
    method: 'PUT',
    route: '/api/customers/:id',
    dims: { region: true, record: false },
    async prepare(ctx, w, p, region) {
      const customer = await makeCustomer(ctx.db, w.regions[region].id);
      return {
        url: `/api/customers/${customer.id}`,
        payload: customerBody(customer.regionId),
        expected: decide(gate(p, 'customerManage'), !seesRegional(p, customer.regionId) && 404),
      };
    },
  },
  {
    name: 'delete customer',
    method: 'DELETE',
    route: '/api/customers/:id',
    dims: { region: true, record: false },
    async prepare(ctx, w, p, region) {
      const customer = await makeCustomer(ctx.db, w.regions[region].id);
      return {
        url: `/api/customers/${customer.id}`,
        expected: decide(gate(p, 'customerManage'), !seesRegional(p, customer.regionId) && 404),
      };
    },
  },

  // ---- users
  {
    name: 'list users',
    method: 'GET',
    route: '/api/users',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({ url: '/api/users', expected: decide(gate(p, 'userManage')) }),
  },
  {
    name: 'assignable roles',
    method: 'GET',
    route: '/api/users/assignable-roles',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({ url: '/api/users/assignable-roles', expected: decide(gate(p, 'userManage')) }),
  },
  ...(['my-subordinates', 'my-hierarchy'] as const).map(
    (path): Endpoint => ({
      name: path,
      method: 'GET',
      route: `/api/users/${path}`,
      dims: { region: false, record: false },
      prepare: async (_c, _w, p) => ({ url: `/api/users/${path}`, expected: decide(gate(p, 'signedIn')) }),
    }),
  ),
  {
    name: 'user details',
    method: 'GET',
    route: '/api/users/:id',
    dims: { region: true, record: true },
    async prepare(ctx, w, p, region, record) {
      const t = await userTarget(ctx, w, p, region, record);
      return {
        url: `/api/users/${t.id}`,
        expected: decide(
          gate(p, 'userManage'),
          !seesRegional(p, t.regionId) && 404,
          !t.self && !assignable(w, p).has(t.roleId) && 404,
        ),
      };
    },
  },
  {
    name: 'create user',
    method: 'POST',
    route: '/api/users',
    dims: { region: true, record: false },
    prepare: async (_c, w, p, region) => ({
      url: '/api/users',
      payload: {
        name: `Matrix User ${uniq()}`,
        email: `matrix.${uniq()}@test.local`,
        password: 'secret123',
        roleId: roleIdOf(w, ROLE.TECHNICIAN),
        regionId: w.regions[region].id,
      },
      expected: decide(
        gate(p, 'userManage'),
        !assignable(w, p).has(roleIdOf(w, ROLE.TECHNICIAN)) && 403,
        !seesRegional(p, w.regions[region].id) && 403,
      ),
    }),
  },
  {
    name: 'update user',
    method: 'PUT',
    route: '/api/users/:id',
    dims: { region: true, record: true },
    async prepare(ctx, w, p, region, record) {
      const t = await userTarget(ctx, w, p, region, record);
      const mayAssign = assignable(w, p).has(t.roleId);
      return {
        url: `/api/users/${t.id}`,
        payload: {
          name: `Renamed ${uniq()}`,
          email: `renamed.${uniq()}@test.local`,
          roleId: t.roleId,
          regionId: t.regionId,
        },
        expected: decide(gate(p, 'userManage'), !seesRegional(p, t.regionId) && 404, !mayAssign && 403),
      };
    },
  },
  {
    name: 'deactivate user',
    method: 'DELETE',
    route: '/api/users/:id',
    dims: { region: true, record: true },
    async prepare(ctx, w, p, region, record) {
      const t = await userTarget(ctx, w, p, region, record);
      return {
        url: `/api/users/${t.id}`,
        expected: decide(
          gate(p, 'userManage'),
          t.self && 403,
          !seesRegional(p, t.regionId) && 404,
          !assignable(w, p).has(t.roleId) && 403,
        ),
      };
    },
  },

  {
    name: 'sign a user out everywhere',
    method: 'POST',
    route: '/api/users/:id/sign-out-everywhere',
    dims: { region: true, record: true },
    async prepare(ctx, w, p, region, record) {
      const t = await userTarget(ctx, w, p, region, record);
      return {
        url: `/api/users/${t.id}/sign-out-everywhere`,
        expected: decide(
          gate(p, 'userManage'),
          t.self && 403,
          !seesRegional(p, t.regionId) && 404,
          !assignable(w, p).has(t.roleId) && 403,
        ),
      };
    },
  },

  // ---- roles
  {
    name: 'list roles',
    method: 'GET',
    route: '/api/roles',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({ url: '/api/roles', expected: decide(gate(p, 'roleManage')) }),
  },
  {
    name: 'role details',
    method: 'GET',
    route: '/api/roles/:id',
    dims: { region: false, record: false },
    prepare: async (_c, w, p) => ({
      url: `/api/roles/${roleIdOf(w, ROLE.TECHNICIAN)}`,
      expected: decide(gate(p, 'roleManage')),
    }),
  },
  {
    name: 'create role',
    method: 'POST',
    route: '/api/roles',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({
      url: '/api/roles',
      payload: { name: `Matrix Role ${uniq()}` },
      expected: decide(gate(p, 'roleManage')),
    }),
  },
  ...(['PUT', 'DELETE'] as const).map(
    (method): Endpoint => ({
      name: method === 'PUT' ? 'rename role' : 'delete role',
      method,
      route: '/api/roles/:id',
      dims: { region: false, record: false },
      async prepare(ctx, w, p) {
        const role = await customRoleUnder(ctx, w, ROLE.SERVICE_TEAM_LEAD);
        return {
          url: `/api/roles/${role.id}`,
          ...(method === 'PUT' ? { payload: { name: `Renamed Role ${uniq()}` } } : {}),
          expected: decide(gate(p, 'roleManage'), !assignable(w, p).has(role.id) && 403),
        };
      },
    }),
  ),

  // ---- regions
  {
    name: 'list regions',
    method: 'GET',
    route: '/api/regions',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({ url: '/api/regions', expected: decide(gate(p, 'regionRead')) }),
  },
  {
    name: 'region details',
    method: 'GET',
    route: '/api/regions/:id',
    dims: { region: true, record: false },
    prepare: async (_c, w, p, region) => ({
      url: `/api/regions/${w.regions[region].id}`,
      expected: decide(gate(p, 'regionRead')),
    }),
  },
  {
    name: 'create region',
    method: 'POST',
    route: '/api/regions',
    dims: { region: false, record: false },
    prepare: async (_c, _w, p) => ({
      url: '/api/regions',
      payload: { name: `Matrix Region ${uniq()}` },
      expected: decide(gate(p, 'regionManage')),
    }),
  },
  ...(['PUT', 'DELETE'] as const).map(
    (method): Endpoint => ({
      name: method === 'PUT' ? 'rename region' : 'delete region',
      method,
      route: '/api/regions/:id',
      dims: { region: false, record: false },
      async prepare(ctx, _w, p) {
        const region = await makeRegion(ctx.db);
        return {
          url: `/api/regions/${region.id}`,
          ...(method === 'PUT' ? { payload: { name: `Renamed Region ${uniq()}` } } : {}),
          expected: decide(gate(p, 'regionManage')),
        };
      },
    }),
  ),

  // ---- notifications (own only)
  ...(
    [
      ['list notifications', 'GET', '/api/notifications'],
      ['unread count', 'GET', '/api/notifications/unread-count'],
      ['mark all read', 'POST', '/api/notifications/mark-all-read'],
    ] as const
  ).map(
    ([name, method, url]): Endpoint => ({
      name,
      method,
      route: url,
      dims: { region: false, record: false },
      prepare: async (_c, _w, p) => ({ url, expected: decide(gate(p, 'notifications')) }),
    }),
  ),
  ...(['read', 'delivered'] as const).map(
    (verb): Endpoint => ({
      name: `notification ${verb}`,
      method: 'POST',
      route: `/api/notifications/:id/${verb}`,
      dims: { region: false, record: true },
      async prepare(ctx, w, p, _region, record) {
        const owner = record === 'own' && p.role ? p.id : w.requester.own.id;
        const id = await notificationFor(ctx, owner);
        return {
          url: `/api/notifications/${id}/${verb}`,
          expected: decide(gate(p, 'notifications'), owner !== p.id && 404),
        };
      },
    }),
  ),
  {
    name: 'mark several read',
    method: 'PATCH',
    route: '/api/notifications/mark-multiple-read',
    dims: { region: false, record: true },
    async prepare(ctx, w, p, _region, record) {
      const owner = record === 'own' && p.role ? p.id : w.requester.own.id;
      const id = await notificationFor(ctx, owner);
      const { notifications } = await import('#server/db/schema/activity.ts');
      const { eq } = await import('drizzle-orm');
      return {
        url: '/api/notifications/mark-multiple-read',
        payload: { notificationIds: [id] },
        // Another person's id: 404 and nothing marked (a20df10); the row stays unread.
        expected: decide(gate(p, 'notifications'), owner !== p.id && 404),
        verify: async () => {
          const [row] = await ctx.db
            .select({ status: notifications.status })
            .from(notifications)
            .where(eq(notifications.id, id));
          return owner === p.id ? row?.status === 'read' : row?.status === 'unread';
        },
      };
    },
  },
  {
    // To a fresh Service Manager of the region: "own" record = they share a request with the
    // persona, "other" = they do not, and only the hierarchy can make them colleagues.
    // Anyone else answers 404, the same as an id nobody has (decisions.md "Notifications").
    name: 'send notification',
    method: 'POST',
    route: '/api/notifications',
    dims: { region: true, record: true },
    async prepare(ctx, w, p, region, record) {
      const target = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: w.regions[region].id });
      const shared = record === 'own' && p.role !== null;
      if (shared) {
        await makeRequest(ctx.db, {
          customerId: w.customer[region].id,
          regionId: w.regions[region].id,
          requestedById: target.id,
          assignedToId: p.id,
          status: 'ASSIGNED',
        });
      }
      const targetFacts = { roleId: roleIdOf(w, ROLE.SERVICE_MANAGER), regionId: w.regions[region].id };
      const colleague = shared || (p.role !== null && worksInHierarchy(w, p, targetFacts));
      return {
        url: '/api/notifications',
        payload: { toUserId: target.id, message: 'Please call the customer back' },
        expected: decide(gate(p, 'notifications'), !colleague && 404),
      };
    },
  },
];

/**
 * Endpoints the matrix leaves to their own tests, and why: one `METHOD /url` key per route as
 * registered. With ENDPOINTS it must cover every route the app registers
 * (routes.test.ts fails naming any route in neither, and any entry here that is not a route).
 */
const OWN_SESSIONS = "ends or changes the persona's own sessions; R12 covers it, R10 refuses every bad token";
const DOCS = 'the OpenAPI document and its viewer: no data';
export const NOT_IN_MATRIX: Record<string, string> = {
  'POST /api/auth/login': 'public by design; R13 and R14 cover it',
  'POST /api/auth/refresh': 'authenticated by the refresh cookie; R11 and R12 cover it',
  'POST /api/auth/register': 'public by design (off unless ALLOW_REGISTRATION); R2 covers it',
  'POST /api/auth/logout': 'ends the session of the refresh cookie; R12 covers it',
  'POST /api/auth/change-password': OWN_SESSIONS,
  'POST /api/auth/sign-out-everywhere': OWN_SESSIONS,
  'GET /api/notifications/stream': 'a held-open stream; R10 checks it refuses every bad token',
  'GET /api/media/*': 'authorised by a signed URL, not a bearer token; R8 covers it',
  'GET /api/ready': 'operations probe; ops tests cover it',
  'GET /metrics': 'operations probe behind METRICS_TOKEN; ops tests cover it',
  ...docsRoutes(DOCS),
};
