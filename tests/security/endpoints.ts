/**
 * Every API endpoint as the authorization matrix (R1), fuzzing (R9), mass assignment (R2) and the
 * token tests (R10) drive it. Each cell prepares its own fresh target, so a permitted write succeeds
 * and no cell depends on another. The expected answer is computed from the shared policy table
 * (CAPABILITY, requestScopeOf, regionalScopeOf, canAct, assignableRoleIds), never written per cell:
 * `decide(gate(persona, op.gate), ...op.refuse)`, the first refusal, else a 2xx.
 *
 * Factories, all over one spec (`Op`: name, method, route, gate, dims, target, body, refuse, verify):
 * - `endpoint(op)`: one entry; `:id` in the route becomes the id of the cell's target.
 * - `list(name, route, gate)`: a call with no target (lists, counters, one's own screens).
 * - `crud(resource, ops)`: a resource's entries, in the order given. `list`, `read`, `create`,
 *   `update`, `delete` mean GET base, GET base/:id, POST base, PUT base/:id, DELETE base/:id with the
 *   usual names; another key is GET base/:id/key. An op may be just its gate, or override any field.
 * - `transition(name, action, [from, after], route)`: a workflow step on a fresh request in `from`,
 *   refused by the workflow table, verified in the database (status `after`, version bumped).
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { notifications } from '#server/db/schema/activity.ts';
import { customerMerges } from '#server/db/schema/customer-merges.ts';
import { customers as customerRows } from '#server/db/schema/customers.ts';
import { contracts, productParts, products, unitSchedule, units } from '#server/db/schema/maintenance.ts';
import { customerMessages } from '#server/db/schema/messages.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
// Issue 37: suppliers and purchases
import {
  purchaseLines,
  purchases as purchaseRows,
  stockLocations,
  stockMovements,
  parts as stockParts,
  suppliers as supplierRows,
} from '#server/db/schema/stock.ts';
import { jobSheetToken } from '#server/lib/job-sheet-links.ts';
// Issue 38: reports
import { REPORT_NAMES } from '#shared/contracts/reports.ts';
import { hasCapability, reachesRegion } from '#shared/domain/permissions.ts';
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
  /**
   * Ids the answer must not hold, whatever its code (issue 31, item 2): the requests a unit route
   * embeds that the persona may not read. The matrix's leak scan counts one in the body as a leak.
   */
  hidden?: string[];
}

export interface Endpoint {
  name: string;
  method: Method;
  /** The route as registered (used by the token and fuzz tests). */
  route: string;
  /**
   * A query string that changes who may call the route (`mine=true`, ADR 020): the entry is a
   * variant of the route's own entry, with a gate of its own.
   */
  query?: string;
  /**
   * A second entry for a route, on a target that changes who may call it (a sales-raised request's
   * service stage, issue 31 item 11): like `query`, a variant of the route's own entry.
   */
  variant?: string;
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

/**
 * One is below the other in the role tree, within the upper one's region when it has one; a
 * region-less upper one reaches every region if a manager or lead, none if a Salesman or
 * Technician (restated from colleagues.ts).
 */
function worksInHierarchy(w: World, p: Persona, other: { roleId: string; regionId: string | null }): boolean {
  const reaches = (a: { roleId: string; regionId: string | null }, regionId: string | null) => {
    const policyRole = w.roleRows.find((r) => r.id === a.roleId)?.policyRole;
    return policyRole !== undefined && reachesRegion(policyRole, a.regionId, regionId);
  };
  const below = (a: { roleId: string; regionId: string | null }, b: { roleId: string; regionId: string | null }) =>
    descendantIds(w.roleRows, a.roleId).has(b.roleId) &&
    (a.regionId ? a.regionId === b.regionId : reaches(a, b.regionId));
  const me = { roleId: p.roleId, regionId: p.regionId };
  return below(me, other) || below(other, me);
}

const uniq = () => crypto.randomUUID().slice(0, 8);
const DESCRIPTION = 'Matrix request: the filter leaks at the joint';

// ---------------------------------------------------------------- the factories

type Dims = Endpoint['dims'];
const NONE: Dims = { region: false, record: false };
const REGION: Dims = { region: true, record: false };
const BOTH: Dims = { region: true, record: true };

/** One matrix cell: who calls, where, whose, and the target prepared for it. */
type Cell<T> = { ctx: TestContext; w: World; p: Persona; region: Side; record: Side; t: T };
type Target<T> = (c: Omit<Cell<T>, 't'>) => T | Promise<T>;
/** One refusal the server checks after the gate: its code(s), or a falsy value to go on. */
type Refusal<T> = (c: Cell<T>) => Step;

interface Op<T> {
  name: string;
  method?: Method;
  route: string;
  /** Sent after the route (Endpoint.query). */
  query?: string;
  /** A query string made from the target (`customerId=…`): the route's own entry, not a variant. */
  search?: (c: Cell<T>) => string;
  /** Endpoint.variant. */
  variant?: string;
  /** 401 signed out, 403 without the capability; 'public' for neither. */
  gate: Parameters<typeof gate>[1] | 'public';
  /** Default: both dimensions with a target, none without. */
  dims?: Dims;
  target?: Target<T>;
  /** The payload; with `multipart`, file bytes sent as multipart/form-data. */
  body?: (c: Cell<T>) => unknown;
  multipart?: boolean;
  /** In the order the server checks them. */
  refuse?: Refusal<T>[];
  verify?: (c: Cell<T>) => () => Promise<boolean>;
  /** Prepared.hidden: what of the target the persona may not see in the answer. */
  hidden?: (c: Cell<T>) => string[];
}

function endpoint<T extends { id: string }>(op: Op<T>): Endpoint {
  return {
    name: op.name,
    method: op.method ?? 'GET',
    route: op.route,
    ...(op.query ? { query: op.query } : {}),
    ...(op.variant ? { variant: op.variant } : {}),
    dims: op.dims ?? (op.target ? BOTH : NONE),
    async prepare(ctx, w, p, region, record) {
      const at = { ctx, w, p, region, record };
      const c: Cell<T> = { ...at, t: (op.target ? await op.target(at) : undefined) as T };
      const body = op.body && (await op.body(c));
      const sent = op.multipart ? multipart(body as Buffer) : { payload: body };
      return {
        url:
          (c.t ? op.route.replace(/:(id|code|token|key)\b/, c.t.id).replace(':language', 'hi') : op.route) +
          (op.query ? `?${op.query}` : '') +
          (op.search ? `?${op.search(c)}` : ''),
        ...(op.body ? sent : {}),
        expected: decide(op.gate === 'public' ? null : gate(p, op.gate), ...(op.refuse ?? []).map((r) => r(c))),
        ...(op.verify ? { verify: op.verify(c) } : {}),
        ...(op.hidden ? { hidden: op.hidden(c) } : {}),
      };
    },
  };
}

const list = (name: string, route: string, g: Op<never>['gate'], method: Method = 'GET') =>
  endpoint({ name, route, gate: g, method });

/** `dims` and `target` are those of the entries that act on one record. */
type Resource<T> = { base: string; noun: string; dims: Dims; target: Target<T> };
type CrudOp<T> = Op<T>['gate'] | (Partial<Op<T>> & Pick<Op<T>, 'gate'>);

function crud<T extends { id: string }>(r: Resource<T>, ops: Record<string, CrudOp<T>>): Endpoint[] {
  const defaults: Record<string, Pick<Op<T>, 'name' | 'method' | 'route'>> = {
    list: { name: `list ${r.noun}s`, method: 'GET', route: r.base },
    read: { name: `${r.noun} details`, method: 'GET', route: `${r.base}/:id` },
    create: { name: `create ${r.noun}`, method: 'POST', route: r.base },
    update: { name: `update ${r.noun}`, method: 'PUT', route: `${r.base}/:id` },
    delete: { name: `delete ${r.noun}`, method: 'DELETE', route: `${r.base}/:id` },
  };
  return Object.entries(ops).map(([key, op]) => {
    const given = typeof op === 'string' ? { gate: op } : op;
    const spec = { name: `${r.noun} ${key}`, route: `${r.base}/:id/${key}`, ...defaults[key], ...given };
    const targeted = spec.route.includes(':id');
    const dims = targeted ? r.dims : key === 'create' ? { ...NONE, region: r.dims.region } : NONE;
    return endpoint<T>({ dims, ...(targeted ? { target: r.target } : {}), ...spec });
  });
}

/** A one-row file to import (issue 34, ADR 040): a customer, or a unit of a customer nobody has. */
const importCsv = (kind: 'customers' | 'units') =>
  Buffer.from(
    kind === 'customers'
      ? `Name,Phone,Address,Region\r\nMatrix Import ${uniq()},9840012345,12 Lake Road Adyar,Nowhere\r\n`
      : 'Customer phone,Product,Serial number,Installed on\r\n9840012345,Matrix Purifier,MX-1,2025-01-01\r\n',
  );

// ---- service requests: "own" is the persona's (fixtures.ts requestFor), "other" the region's manager's

type RequestTarget = Awaited<ReturnType<typeof requestFor>> & { id: string };
type RequestOpts = Parameters<typeof requestFor>[6];
const requestAt =
  (status: RequestStatus, opts?: RequestOpts): Target<RequestTarget> =>
  async ({ ctx, w, p, region, record }) => {
    const made = await requestFor(ctx, w, p, region, record, status, opts);
    return { ...made, id: made.row.id };
  };
const seen: Refusal<RequestTarget> = ({ p, t }) => !sees(p, t.row) && 404;
/** Seen, then the workflow table's verdict on the action. */
const acts = (action: WorkflowAction): Refusal<RequestTarget>[] => [seen, (c) => workflowStep(action, c.p, c.t.facts)];
const SR = '/api/service-requests';
const pending = requestAt('PENDING_APPROVAL');
const requests: Resource<RequestTarget> = { base: SR, noun: 'request', dims: BOTH, target: pending };

function transition(
  name: string,
  action: WorkflowAction,
  [from, after]: [RequestStatus, RequestStatus],
  route: string,
  more: Pick<Op<RequestTarget>, 'method' | 'body' | 'variant'> & { opts?: RequestOpts } = {},
): Endpoint {
  return endpoint<RequestTarget>({
    name,
    ...(more.variant ? { variant: more.variant } : {}),
    method: more.method ?? 'POST',
    route,
    gate: 'requestRead',
    target: requestAt(from, more.opts),
    body: more.body ?? (() => ({})),
    refuse: acts(action),
    verify:
      ({ ctx, t: { row } }) =>
      async () => {
        const [now] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, row.id));
        if (!now || now.status !== after) return false;
        if (action === 'salesApprove' && !now.salesApproved) return false;
        return now.version > row.version;
      },
  });
}

// ---- customers, users, roles, regions

type CustomerTarget = { id: string; regionId: string };
const customerIn: Target<CustomerTarget> = ({ ctx, w, region }) => makeCustomer(ctx.db, w.regions[region].id);
const customers: Resource<CustomerTarget> = {
  base: '/api/customers',
  noun: 'customer',
  dims: REGION,
  target: customerIn,
};
const customerBody = (regionId: string) => ({
  name: `Matrix Customer ${uniq()}`,
  address: '12 Lake Road, Adyar',
  primaryPhone: String(7000000000 + Math.floor(Math.random() * 999_999_999)).slice(0, 10),
  regionId,
});
/** Two customers of the cell's region: the target survives, the other is merged into it. */
type MergePair = CustomerTarget & {
  duplicateId: string;
  snapshot: {
    id: string;
    name: string;
    address: string;
    primaryPhone: string;
    phoneNumbers: string[];
    email: string | null;
    regionId: string;
  };
};
const mergePair: Target<MergePair> = async ({ ctx, w, region }) => {
  const survivor = await makeCustomer(ctx.db, w.regions[region].id);
  const d = await makeCustomer(ctx.db, w.regions[region].id);
  const snapshot = {
    id: d.id,
    name: d.name,
    address: d.address,
    primaryPhone: d.primaryPhone,
    phoneNumbers: d.phoneNumbers,
    email: d.email,
    regionId: d.regionId,
  };
  return { id: survivor.id, regionId: survivor.regionId, duplicateId: d.id, snapshot };
};
/** A FAILED message of a customer who agreed to SMS (a retry queues it again). */
const failedMessage: Target<{ id: string }> = async ({ ctx, w }) => {
  const c = await makeCustomer(ctx.db, w.regions.own.id);
  await ctx.db.update(customerRows).set({ smsOptIn: true }).where(eq(customerRows.id, c.id));
  const [m] = await ctx.db
    .insert(customerMessages)
    .values({
      channel: 'SMS',
      recipient: `+91${c.primaryPhone}`,
      customerId: c.id,
      template: 'requestRegistered',
      params: { ticket: 'SR-000001' },
      language: 'en-IN',
      status: 'FAILED',
      errorKey: 'messageRefused',
    })
    .returning({ id: customerMessages.id });
  return { id: (m as { id: string }).id };
};
/** The target is outside the persona's regional scope: not found. */
const regional: Refusal<{ regionId: string | null }> = ({ p, t }) => !seesRegional(p, t.regionId) && 404;
/** The body names a region outside the persona's regional scope. */
const bodyRegion =
  (code: number): Refusal<unknown> =>
  ({ p, w, region }) =>
    !seesRegional(p, w.regions[region].id) && code;

/** A user target: "own" is the persona, "other" a fresh technician of the region. */
type UserTarget = { id: string; roleId: string; regionId: string | null; self: boolean };
const userTarget: Target<UserTarget> = async ({ ctx, w, p, region, record }) => {
  if (record === 'own' && p.role) return { id: p.id, roleId: p.roleId, regionId: p.regionId, self: true };
  const made = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: w.regions[region].id });
  return { id: made.id, roleId: roleIdOf(w, ROLE.TECHNICIAN), regionId: made.regionId, self: false };
};
const users: Resource<UserTarget> = { base: '/api/users', noun: 'user', dims: BOTH, target: userTarget };
/** The role tree: the persona may not give the role (a user's role, or the target role itself). */
const mayAssign: Refusal<{ id: string; roleId?: string }> = ({ w, p, t }) =>
  !assignable(w, p).has(t.roleId ?? t.id) && 403;
/** Deactivating or signing out a user: never oneself, then scope, then the role tree. */
const managed: Refusal<UserTarget>[] = [(c) => c.t.self && 403, regional, mayAssign];

/** A fresh custom role under the Service Team Lead to rename or delete; a fresh region likewise. */
const customRole: Target<{ id: string }> = ({ ctx, w }) => customRoleUnder(ctx, w, ROLE.SERVICE_TEAM_LEAD);
const roles: Resource<{ id: string }> = { base: '/api/roles', noun: 'role', dims: NONE, target: customRole };
const freshRegion: Target<{ id: string }> = ({ ctx }) => makeRegion(ctx.db);
const regions: Resource<{ id: string }> = { base: '/api/regions', noun: 'region', dims: NONE, target: freshRegion };

// ---- notifications: "own" is the persona's, "other" the region's service manager's

type NotificationTarget = { id: string; owner: string };
const notification: Target<NotificationTarget> = async ({ ctx, w, p, record }) => {
  const owner = record === 'own' && p.role ? p.id : w.requester.own.id;
  return { id: await notificationFor(ctx, owner), owner };
};
const owned: Refusal<NotificationTarget> = ({ p, t }) => t.owner !== p.id && 404;

// ---- the installed base (issue 21): products, units, contracts, the due list and the run

/** A fresh product with two parts (nothing installed: it may be deleted). */
async function productFor(ctx: TestContext): Promise<{ id: string; partId: string }> {
  const [p] = await ctx.db
    .insert(products)
    .values({ name: `Matrix Purifier ${uniq()}`, brand: 'Neervana', technology: 'RO+UV', warrantyMonths: 12 })
    .returning({ id: products.id });
  const [part] = await ctx.db
    .insert(productParts)
    .values({ productId: p!.id, name: 'Sediment filter', intervalMonths: 6 })
    .returning({ id: productParts.id });
  return { id: p!.id, partId: part!.id };
}
type UnitTarget = { id: string; regionId: string; customerId: string; productId: string; partId: string };
/** A unit installed at a fresh customer of the cell's region. */
const unitIn: Target<UnitTarget> = async ({ ctx, w, region }) => {
  const customer = await makeCustomer(ctx.db, w.regions[region].id);
  const product = await productFor(ctx);
  const [u] = await ctx.db
    .insert(units)
    .values({
      customerId: customer.id,
      productId: product.id,
      serialNumber: `MX-${uniq()}`,
      installedOn: '2026-01-15',
      nextDueOn: '2026-07-15',
    })
    .returning({ id: units.id });
  await ctx.db
    .insert(unitSchedule)
    .values({ unitId: u!.id, partId: product.partId, lastChangedOn: '2026-01-15', nextDueOn: '2026-07-15' });
  return {
    id: u!.id,
    regionId: customer.regionId,
    customerId: customer.id,
    productId: product.id,
    partId: product.partId,
  };
};
/** A unit by its public code (the route's `:code`), and what of its customer the answer must not hold. */
type PublicTarget = { id: string; unitId: string; secrets: string[] };
async function publicCodeOf(ctx: TestContext, unitId: string): Promise<string> {
  const [row] = await ctx.db.select({ code: units.publicCode }).from(units).where(eq(units.id, unitId));
  return row!.code;
}
const publicUnitIn: Target<PublicTarget> = async (c) => {
  const u = await unitIn(c);
  const [customer] = await c.ctx.db.select().from(customerRows).where(eq(customerRows.id, u.customerId));
  return {
    id: await publicCodeOf(c.ctx, u.id),
    unitId: u.id,
    secrets: [u.id, u.customerId, customer!.name, customer!.address, customer!.primaryPhone],
  };
};

/**
 * A done request's job sheet by its signed link (the route's `:token`, ADR 048), and what the
 * public answer must not hold: the customer's phone and address, the ids behind it.
 */
type SheetTarget = { id: string; secrets: string[] };
const publicSheetIn: Target<SheetTarget> = async ({ ctx, w }) => {
  const row = await makeRequest(ctx.db, {
    customerId: w.customer.own.id,
    regionId: w.regions.own.id,
    requestedById: w.requester.own.id,
    assignedToId: w.tech.own.id,
    status: 'COMPLETED',
  });
  const [customer] = await ctx.db.select().from(customerRows).where(eq(customerRows.id, w.customer.own.id));
  return {
    id: jobSheetToken(ctx.app.deps.tokens, row.id),
    secrets: [customer!.id, customer!.address, customer!.primaryPhone, w.tech.own.id, w.requester.own.id],
  };
};

const contractIn: Target<UnitTarget> = async (c) => {
  const unit = await unitIn(c);
  const [k] = await c.ctx.db
    .insert(contracts)
    .values({
      unitId: unit.id,
      type: 'AMC',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      visitsPerYear: 0,
      price: 499900,
    })
    .returning({ id: contracts.id });
  return { ...unit, id: k!.id };
};
type ScopedRequest = { id: string; regionId: string; requestedById: string; assignedToId: string | null };
type UnitWithRequests = UnitTarget & { requests: ScopedRequest[] };
/**
 * A unit with requests that scopes tell apart (issue 31, item 2): done, raised by the region's
 * Salesman and worked by its technician; open, raised by its manager; one raised in the other
 * region (before its customer moved). A unit route's answer embeds them (history, openRequestId).
 */
const unitWithRequests: Target<UnitWithRequests> = async (c) => {
  const unit = await unitIn(c);
  const here = c.region;
  const away: Side = here === 'own' ? 'other' : 'own';
  const specs = [
    { side: here, requestedById: c.w.salesman[here].id, assignedToId: c.w.tech[here].id, status: 'COMPLETED' },
    { side: here, requestedById: c.w.requester[here].id, assignedToId: null, status: 'PENDING_APPROVAL' },
    { side: away, requestedById: c.w.requester[away].id, assignedToId: c.w.tech[away].id, status: 'COMPLETED' },
  ] as const;
  const requests: ScopedRequest[] = [];
  for (const { side, ...spec } of specs) {
    const row = await makeRequest(c.ctx.db, { customerId: unit.customerId, regionId: c.w.regions[side].id, ...spec });
    await c.ctx.db.update(serviceRequests).set({ unitId: unit.id }).where(eq(serviceRequests.id, row.id));
    requests.push(row);
  }
  return { ...unit, requests };
};
/**
 * The unit's requests the persona may not read elsewhere (ADR 031): none for those who read the
 * customer's history (all of it, ADR 015), else those GET /service-requests/:id answers 404.
 */
const unseenRequests = ({ p, t }: Cell<UnitWithRequests>) =>
  hasCapability(p.role, 'customerHistory') && seesRegional(p, t.regionId)
    ? []
    : t.requests.filter((r) => !sees(p, r)).map((r) => r.id);
/** A technician passes unitWrite's gate but may change units only of a customer of their requests. */
const notTheirCustomer: Refusal<unknown> = ({ p }) => p.role === ROLE.TECHNICIAN && 403;
const productsResource: Resource<{ id: string }> = {
  base: '/api/products',
  noun: 'product',
  dims: NONE,
  target: ({ ctx }) => productFor(ctx),
};
const productBody = () => ({
  name: `Matrix Purifier ${uniq()}`,
  brand: 'Neervana',
  technology: 'RO',
  warrantyMonths: 12,
  parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
});
const unitsResource: Resource<UnitWithRequests> = {
  base: '/api/units',
  noun: 'unit',
  dims: REGION,
  target: unitWithRequests,
};
const customerUnits: Resource<CustomerTarget> = {
  base: '/api/customers',
  noun: 'customer',
  dims: REGION,
  target: customerIn,
};

// ---- Issue 37: suppliers and purchases (ADR 049 item 7). A purchase is in the store of the cell's
// region (the store the region was made with); its keepers reach it by the regional scope.

async function supplierFor(ctx: TestContext): Promise<{ id: string }> {
  const [s] = await ctx.db
    .insert(supplierRows)
    .values({ name: `Matrix Supplier ${uniq()}` })
    .returning({ id: supplierRows.id });
  return { id: s!.id };
}
type PurchaseTarget = { id: string; regionId: string; storeId: string; partId: string; supplierId: string };
/** A store of the cell's region, a supplier and a part: what a new purchase names (`id`: the store). */
const purchaseParts: Target<PurchaseTarget> = async ({ ctx, w, region }) => {
  const regionId = w.regions[region].id;
  const stores = await ctx.db.select().from(stockLocations).where(eq(stockLocations.regionId, regionId));
  const storeId = stores.find((l) => l.kind === 'STORE')!.id;
  const [part] = await ctx.db
    .insert(stockParts)
    .values({ sku: `MX-${uniq()}`.toUpperCase(), name: 'Matrix membrane', kind: 'MEMBRANE', costPaise: 40_000 })
    .returning({ id: stockParts.id });
  return { id: storeId, regionId, storeId, partId: part!.id, supplierId: (await supplierFor(ctx)).id };
};
/** A purchase of two membranes there: a DRAFT, or RECEIVED with its stock in the store. */
const purchaseIn =
  (status: 'DRAFT' | 'RECEIVED'): Target<PurchaseTarget> =>
  async (c) => {
    const t = await purchaseParts(c);
    const received = status === 'RECEIVED';
    const [p] = await c.ctx.db
      .insert(purchaseRows)
      .values({
        supplierId: t.supplierId,
        invoiceNumber: `MX/${uniq()}`,
        invoiceDate: '2026-11-20',
        storeId: t.storeId,
        status,
        taxablePaise: 80_000,
        cgstPaise: 7_200,
        sgstPaise: 7_200,
        igstPaise: 0,
        totalPaise: 94_400,
        receivedAt: received ? new Date() : null,
      })
      .returning({ id: purchaseRows.id });
    await c.ctx.db.insert(purchaseLines).values({
      purchaseId: p!.id,
      position: 0,
      partId: t.partId,
      quantity: 2,
      unitCostPaise: 40_000,
      gstRate: 18,
      taxablePaise: 80_000,
      taxPaise: 14_400,
      costBeforePaise: received ? 40_000 : null,
      costAfterPaise: received ? 40_000 : null,
    });
    if (received) {
      await c.ctx.db.insert(stockMovements).values({
        locationId: t.storeId,
        partId: t.partId,
        kind: 'RECEIVE',
        quantity: 2,
        unitCostPaise: 40_000,
        purchaseId: p!.id,
      });
    }
    return { ...t, id: p!.id };
  };
const purchaseNow = async (c: Cell<PurchaseTarget>) =>
  (await c.ctx.db.select().from(purchaseRows).where(eq(purchaseRows.id, c.t.id)))[0];
const suppliersResource: Resource<{ id: string }> = {
  base: '/api/suppliers',
  noun: 'supplier',
  dims: NONE,
  target: ({ ctx }) => supplierFor(ctx),
};
const purchasesResource: Resource<PurchaseTarget> = {
  base: '/api/purchases',
  noun: 'purchase',
  dims: REGION,
  target: purchaseIn('DRAFT'),
};

// ---- Issue 37: stock (ADR 049). A region's store is the one made with it; a van is its
// technician's ("own" record for a technician persona: their own van, else the region's
// technician's). Keepers reach a location by the regional scope; a technician their own van and
// their region's stores. A body naming a location out of scope reads as not found (400).

type StockTarget = {
  id: string;
  regionId: string;
  storeId: string;
  vanId: string;
  /** The technician whose van it is. */
  vanTech: string;
  partId: string;
};
const firstId = async (ctx: TestContext, query: ReturnType<typeof sql>): Promise<string> =>
  ((await ctx.db.execute(query)).rows[0] as { id: string }).id;
const storeOfRegion = (ctx: TestContext, regionId: string) =>
  firstId(
    ctx,
    sql`SELECT id FROM stock_locations WHERE region_id = ${regionId} AND kind = 'STORE' ORDER BY created_at LIMIT 1`,
  );
const vanOfTech = (ctx: TestContext, technicianId: string) =>
  firstId(ctx, sql`SELECT id FROM stock_locations WHERE technician_id = ${technicianId} AND kind = 'VAN'`);
/** Stock put into a location as the ledger records it (the trigger keeps the balance). */
const stockInto = (ctx: TestContext, locationId: string, partId: string, quantity: number) =>
  ctx.db.execute(sql`INSERT INTO stock_movements (location_id, part_id, kind, quantity, reason)
    VALUES (${locationId}, ${partId}, 'ADJUST', ${quantity}, 'Matrix stock')`);
const onHandAt = async (ctx: TestContext, locationId: string, partId: string) =>
  Number(
    (
      (
        await ctx.db.execute(
          sql`SELECT on_hand AS n FROM stock_balances WHERE location_id = ${locationId} AND part_id = ${partId}`,
        )
      ).rows[0] as { n: number } | undefined
    )?.n ?? 0,
  );
/** A fresh catalogue part, five of it in the region's store and in the van. */
const stockAt: Target<StockTarget> = async ({ ctx, w, p, region, record }) => {
  const regionId = w.regions[region].id;
  const vanTech = record === 'own' && p.role === ROLE.TECHNICIAN ? p.id : w.tech[region].id;
  const sku = `MXS-${uniq()}`;
  const partId = await firstId(
    ctx,
    sql`INSERT INTO parts (sku, name, kind, search_text) VALUES (${sku}, 'Matrix cartridge', 'CARTRIDGE', lower(${sku}))
        RETURNING id`,
  );
  const [storeId, vanId] = [await storeOfRegion(ctx, regionId), await vanOfTech(ctx, vanTech)];
  await stockInto(ctx, storeId, partId, 5);
  await stockInto(ctx, vanId, partId, 5);
  return { id: storeId, regionId, storeId, vanId, vanTech, partId };
};
type TransferTarget = StockTarget & { status: 'REQUESTED' | 'ISSUED' };
/** A transfer of two from the region's store to the van: REQUESTED (asked by the van's technician) or ISSUED. */
const transferAt =
  (status: TransferTarget['status']): Target<TransferTarget> =>
  async (c) => {
    const t = await stockAt(c);
    const issued = status === 'ISSUED';
    const id = await firstId(
      c.ctx,
      sql`INSERT INTO stock_transfers (from_location_id, to_location_id, status, requested_by_id, requested_at, issued_at)
          VALUES (${t.storeId}, ${t.vanId}, ${status}, ${issued ? null : t.vanTech}, now(), ${issued ? sql`now()` : sql`NULL`})
          RETURNING id`,
    );
    await c.ctx.db.execute(
      sql`INSERT INTO stock_transfer_lines (transfer_id, part_id, quantity) VALUES (${id}, ${t.partId}, 2)`,
    );
    if (issued) {
      await c.ctx.db.execute(sql`INSERT INTO stock_movements (location_id, part_id, kind, quantity, transfer_id)
        VALUES (${t.storeId}, ${t.partId}, 'TRANSFER_OUT', -2, ${id})`);
    }
    return { ...t, id, status };
  };
const transferStatus = async (ctx: TestContext, id: string) =>
  ((await ctx.db.execute(sql`SELECT status FROM stock_transfers WHERE id = ${id}`)).rows[0] as { status: string })
    .status;
/** A keeper out of the regional scope: a body's location reads as not found (400), a transfer 404. */
const keeperScope =
  (code: number): Refusal<StockTarget> =>
  ({ p, t }) =>
    p.role !== ROLE.TECHNICIAN && !seesRegional(p, t.regionId) && code;
/** A transfer the persona may not see: a keeper's out of scope, a technician's not to their van. */
const unseenTransfer: Refusal<TransferTarget> = ({ p, t }) =>
  (p.role === ROLE.TECHNICIAN ? t.vanTech !== p.id : !seesRegional(p, t.regionId)) && 404;
const partsResource: Resource<{ id: string }> = {
  base: '/api/parts',
  noun: 'part',
  dims: NONE,
  target: async (c) => ({ id: (await stockAt(c)).partId }),
};
const partBody = () => ({
  sku: `MXP-${uniq()}`,
  name: 'Matrix sediment cartridge',
  kind: 'CARTRIDGE',
  pricePaise: 35_000,
  costPaise: 21_000,
});

const STOCK_ENDPOINTS: Endpoint[] = [
  ...crud(partsResource, {
    list: 'partRead',
    read: 'partRead',
    create: { gate: 'partManage', body: partBody },
    update: { name: 'update part', method: 'PATCH', gate: 'partManage', body: () => ({ pricePaise: 36_000 }) },
  }),
  list('list stock locations', '/api/stock-locations', 'stockTransfer'),
  endpoint({
    name: 'create store',
    method: 'POST',
    route: '/api/stock-locations',
    gate: 'partManage',
    body: ({ w }) => ({ name: `Matrix Depot ${uniq()}`, regionId: w.regions.own.id }),
  }),
  endpoint<StockTarget>({
    name: 'update store',
    method: 'PATCH',
    route: '/api/stock-locations/:id',
    gate: 'partManage',
    dims: NONE,
    target: stockAt,
    body: () => ({ name: `Matrix Store ${uniq()}` }),
  }),
  list('list stock', '/api/stock', 'stockRead'),
  list('list stock movements', '/api/stock/movements', 'stockRead'),
  list('list stock transfers', '/api/stock/transfers', 'stockTransfer'),
  list('my van', '/api/technicians/me/van', 'technicianVan'),
  endpoint<StockTarget>({
    name: 'set reorder levels',
    method: 'PUT',
    route: '/api/stock/reorder-levels',
    gate: 'stockMove',
    dims: REGION,
    target: stockAt,
    body: ({ t }) => ({ levels: [{ locationId: t.storeId, partId: t.partId, reorderLevel: 3 }] }),
    refuse: [keeperScope(400)],
  }),
  endpoint<StockTarget>({
    name: 'stock adjustment',
    method: 'POST',
    route: '/api/stock/adjustments',
    gate: 'stockMove',
    dims: REGION,
    target: stockAt,
    body: ({ t }) => ({ locationId: t.storeId, partId: t.partId, quantity: -2, reason: 'Matrix count' }),
    refuse: [keeperScope(400)],
    verify: (c) => async () => (await onHandAt(c.ctx, c.t.storeId, c.t.partId)) === 3,
  }),
  endpoint<StockTarget>({
    // A keeper: the region's store to the van; a technician: their own van back to the store.
    name: 'create stock transfer',
    method: 'POST',
    route: '/api/stock/transfers',
    gate: 'stockTransfer',
    dims: BOTH,
    target: stockAt,
    body: ({ p, t }) =>
      p.role === ROLE.TECHNICIAN
        ? { fromLocationId: t.vanId, toLocationId: t.storeId, lines: [{ partId: t.partId, quantity: 2 }] }
        : { fromLocationId: t.storeId, toLocationId: t.vanId, lines: [{ partId: t.partId, quantity: 2 }] },
    refuse: [
      keeperScope(400),
      ({ p, t }) =>
        p.role === ROLE.TECHNICIAN && !(t.vanTech === p.id && p.regionId !== null && p.regionId === t.regionId) && 403,
    ],
    verify: (c) => async () =>
      (await onHandAt(c.ctx, c.p.role === ROLE.TECHNICIAN ? c.t.vanId : c.t.storeId, c.t.partId)) === 3,
  }),
  endpoint<StockTarget>({
    name: 'part request',
    method: 'POST',
    route: '/api/stock/part-requests',
    gate: 'technicianVan',
    dims: NONE,
    target: stockAt,
    body: ({ t }) => ({ lines: [{ partId: t.partId, quantity: 1 }], note: 'For tomorrow' }),
    // A technician without a region has no store to ask (ERR.noVan).
    refuse: [({ p }) => !p.regionId && 409],
  }),
  endpoint<TransferTarget>({
    name: 'stock transfer details',
    route: '/api/stock/transfers/:id',
    gate: 'stockTransfer',
    target: transferAt('ISSUED'),
    refuse: [unseenTransfer],
  }),
  endpoint<TransferTarget>({
    name: 'issue part request',
    method: 'POST',
    route: '/api/stock/transfers/:id/issue',
    gate: 'stockMove',
    target: transferAt('REQUESTED'),
    body: () => ({}),
    refuse: [unseenTransfer],
    verify: (c) => async () => (await transferStatus(c.ctx, c.t.id)) === 'ISSUED',
  }),
  endpoint<TransferTarget>({
    // Into a van: its own technician only (a keeper sees it: 403).
    name: 'receive stock transfer',
    method: 'POST',
    route: '/api/stock/transfers/:id/receive',
    gate: 'stockTransfer',
    target: transferAt('ISSUED'),
    body: () => ({}),
    refuse: [unseenTransfer, ({ p, t }) => t.vanTech !== p.id && 403],
    verify: (c) => async () =>
      (await transferStatus(c.ctx, c.t.id)) === 'RECEIVED' && (await onHandAt(c.ctx, c.t.vanId, c.t.partId)) === 7,
  }),
  endpoint<TransferTarget>({
    // An issued transfer: a keeper of its source only; the stock goes back.
    name: 'cancel stock transfer',
    method: 'POST',
    route: '/api/stock/transfers/:id/cancel',
    gate: 'stockTransfer',
    target: transferAt('ISSUED'),
    body: () => ({}),
    refuse: [unseenTransfer, ({ p }) => p.role === ROLE.TECHNICIAN && 403],
    verify: (c) => async () =>
      (await transferStatus(c.ctx, c.t.id)) === 'CANCELLED' && (await onHandAt(c.ctx, c.t.storeId, c.t.partId)) === 5,
  }),
];

const MAINTENANCE_ENDPOINTS: Endpoint[] = [
  ...crud(productsResource, {
    list: 'productRead',
    read: 'productRead',
    create: { gate: 'productManage', body: productBody },
    update: { gate: 'productManage', body: productBody },
    delete: 'productManage',
  }),
  ...crud(customerUnits, {
    units: { name: 'list customer units', gate: 'unitRead', refuse: [regional] },
  }),
  endpoint<UnitTarget>({
    name: 'install unit',
    method: 'POST',
    route: '/api/customers/:id/units',
    gate: 'unitWrite',
    dims: REGION,
    target: async (c) => {
      const unit = await unitIn(c);
      return { ...unit, id: unit.customerId };
    },
    body: ({ t }) => ({ productId: t.productId, serialNumber: `MX-${uniq()}`, installedOn: '2026-02-01' }),
    refuse: [regional, notTheirCustomer],
  }),
  ...crud(unitsResource, {
    read: { gate: 'unitRead', refuse: [regional], hidden: unseenRequests },
    update: {
      name: 'edit unit',
      method: 'PATCH',
      gate: 'unitWrite',
      body: () => ({ locationNote: 'Kitchen, above the sink' }),
      refuse: [regional, notTheirCustomer],
      hidden: unseenRequests,
    },
    delete: { name: 'remove unit', gate: 'unitWrite', refuse: [regional, notTheirCustomer] },
    contracts: { name: 'unit contracts', gate: 'unitRead', refuse: [regional] },
    readings: { name: 'unit readings', gate: 'unitRead', refuse: [regional] },
    'sticker.svg': { name: 'unit sticker (SVG)', gate: 'unitRead', refuse: [regional] },
  }),
  // ---- QR stickers and a unit's public page (issue 36 items 2–5, ADR 043)
  endpoint<UnitTarget & { code: string }>({
    name: 're-issue public code',
    method: 'POST',
    route: '/api/units/:id/public-code',
    gate: 'stickerManage',
    dims: REGION,
    target: async (c) => {
      const u = await unitIn(c);
      return { ...u, code: await publicCodeOf(c.ctx, u.id) };
    },
    refuse: [regional],
    verify: (c) => async () => (await publicCodeOf(c.ctx, c.t.id)) !== c.t.code,
  }),
  endpoint<UnitTarget>({
    name: 'sticker sheet of a customer',
    route: '/api/stickers.pdf',
    gate: 'stickerManage',
    dims: REGION,
    target: unitIn,
    search: (c) => `customerId=${c.t.customerId}`,
    refuse: [regional],
  }),
  // Anyone, signed in or not: the page's fields only, never the customer's (the leak scan).
  endpoint<PublicTarget>({
    name: 'public unit page',
    route: '/api/public/units/:code',
    gate: 'public',
    dims: NONE,
    target: publicUnitIn,
    hidden: (c) => c.t.secrets,
  }),
  endpoint<PublicTarget>({
    name: 'public service request',
    method: 'POST',
    route: '/api/public/units/:code/requests',
    gate: 'public',
    dims: NONE,
    target: publicUnitIn,
    body: () => ({ problem: 'LEAKING', description: 'Dripping from the tap', phone: '9841012345' }),
    hidden: (c) => c.t.secrets,
    verify: (c) => async () => {
      const rows = await c.ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, c.t.unitId));
      return rows.length === 1 && rows[0]?.status === 'PENDING_APPROVAL' && rows[0]?.type === 'COMPLAINT';
    },
  }),
  // A job sheet's signed public link (issue 35 item 3, ADR 048): anyone holding the token; the
  // sheet's fields only, never the customer's phone or address (the leak scan).
  endpoint<SheetTarget>({
    name: 'public job sheet',
    route: '/api/public/job-sheets/:token',
    gate: 'public',
    dims: NONE,
    target: publicSheetIn,
    hidden: (c) => c.t.secrets,
  }),
  endpoint<SheetTarget>({
    name: 'public job sheet (PDF)',
    route: '/api/public/job-sheets/:token/pdf',
    gate: 'public',
    dims: NONE,
    target: publicSheetIn,
  }),
  // ---- customer messages (issue 35 items 5–7, ADR 046)
  endpoint<CustomerTarget>({
    name: 'customer consent',
    method: 'PUT',
    route: '/api/customers/:id/consent',
    gate: 'customerManage',
    dims: REGION,
    target: customerIn,
    body: () => ({ whatsapp: true, sms: false, source: 'OFFICE' }),
    refuse: [regional],
    verify: (c) => async () => {
      const [row] = await c.ctx.db.select().from(customerRows).where(eq(customerRows.id, c.t.id));
      return row?.whatsappOptIn === true && row.consentSource === 'OFFICE';
    },
  }),
  list('list messages', '/api/messages', 'messages'),
  endpoint<{ id: string }>({
    name: 'retry message',
    method: 'POST',
    route: '/api/messages/:id/retry',
    gate: 'messages',
    dims: NONE,
    target: failedMessage,
    verify: (c) => async () => {
      const [row] = await c.ctx.db.select().from(customerMessages).where(eq(customerMessages.id, c.t.id));
      return row?.status === 'QUEUED';
    },
  }),
  list('list message templates', '/api/message-templates', 'messages'),
  endpoint<{ id: string }>({
    name: 'save message template',
    method: 'PUT',
    route: '/api/message-templates/:key/:language',
    gate: 'messages',
    dims: NONE,
    target: async () => ({ id: 'amcExpiring' }),
    body: () => ({ text: 'प्रिय {{customer}}, {{product}} का AMC {{ends}} को समाप्त होगा। {{phone}}' }),
  }),
  // Issue 37: stock
  ...STOCK_ENDPOINTS,
  endpoint<UnitTarget>({
    name: 'add contract',
    method: 'POST',
    route: '/api/units/:id/contracts',
    gate: 'contractManage',
    dims: REGION,
    target: unitIn,
    body: () => ({ type: 'AMC', startsOn: '2026-01-01', endsOn: '2026-12-31', visitsPerYear: 4, price: 499900 }),
    refuse: [regional],
  }),
  endpoint<UnitTarget>({
    name: 'edit contract',
    method: 'PATCH',
    route: '/api/contracts/:id',
    gate: 'contractManage',
    dims: REGION,
    target: contractIn,
    body: () => ({ price: 549900 }),
    refuse: [regional],
  }),
  // Issue 37: suppliers and purchases
  ...crud(suppliersResource, {
    list: 'stockRead',
    read: 'stockRead',
    create: { gate: 'partManage', body: () => ({ name: `Matrix Supplier ${uniq()}`, phone: '9845012345' }) },
    update: {
      name: 'update supplier',
      method: 'PATCH',
      gate: 'partManage',
      body: () => ({ name: `Matrix Supplier ${uniq()}`, address: '4 Peenya Industrial Area' }),
    },
  }),
  ...crud(purchasesResource, {
    list: 'stockRead',
    read: { gate: 'stockRead', refuse: [regional] },
    create: {
      gate: 'stockMove',
      dims: REGION,
      target: purchaseParts,
      body: ({ t }) => ({
        supplierId: t.supplierId,
        invoiceNumber: `MX/${uniq()}`,
        invoiceDate: '2026-11-20',
        storeId: t.storeId,
        lines: [{ partId: t.partId, quantity: 3, unitCostPaise: 12_550, gstRate: 12 }],
      }),
      refuse: [bodyRegion(404)],
    },
    receive: {
      name: 'receive purchase',
      method: 'POST',
      gate: 'stockMove',
      refuse: [regional],
      verify: (c) => async () => (await purchaseNow(c))?.status === 'RECEIVED',
    },
    reverse: {
      name: 'reverse purchase',
      method: 'POST',
      gate: 'stockMove',
      target: purchaseIn('RECEIVED'),
      body: () => ({ reason: 'Entered against the wrong supplier' }),
      refuse: [regional],
      verify: (c) => async () => (await purchaseNow(c))?.status === 'REVERSED',
    },
    invoice: {
      name: 'purchase invoice file',
      method: 'POST',
      gate: 'stockMove',
      multipart: true,
      body: () => tinyPng(),
      refuse: [regional],
      verify: (c) => async () => !!(await purchaseNow(c))?.invoiceFileKey,
    },
  }),
  list('expiring contracts', '/api/contracts/expiring', 'contractExpiring'),
  list('maintenance due list', '/api/maintenance/due', 'maintenance'),
  list('maintenance counts', '/api/maintenance/counts', 'maintenance'),
  // Issue 38: reports (ADR 050): each report for a region of the cell's side (a Manager asking for
  // another region's: 404), and as a CSV and an xlsx download behind the same gate and scope.
  ...REPORT_NAMES.flatMap((name) =>
    ([undefined, 'csv', 'xlsx'] as const).map((format) =>
      endpoint<{ id: string; regionId: string }>({
        name: format ? `report ${name} (${format})` : `report ${name}`,
        route: `/api/reports/${name}`,
        ...(format ? { variant: format } : {}),
        gate: 'reports',
        dims: REGION,
        target: ({ w, region }) => ({ id: w.regions[region].id, regionId: w.regions[region].id }),
        search: ({ t }) => `from=2026-01-01&to=2026-12-31&regionId=${t.id}${format ? `&format=${format}` : ''}`,
        refuse: [regional],
      }),
    ),
  ),
  endpoint({
    name: 'maintenance run',
    method: 'POST',
    route: '/api/maintenance/run',
    gate: 'maintenanceRun',
    body: () => ({}),
  }),
];

/**
 * Exports (issue 34 item 1, ADR 037): `format=csv|xlsx` on each list, behind the list's own gate;
 * a customer's units behind the customer's region as the list.
 */
const EXPORT_ENDPOINTS: Endpoint[] = (['csv', 'xlsx'] as const).flatMap((format) => {
  const query = `format=${format}`;
  const exported = (name: string, route: string, gate: Op<never>['gate']) =>
    endpoint({ name: `export ${name} (${format})`, route, query, gate });
  return [
    exported('requests', SR, 'requestList'),
    endpoint({ name: `export my requests (${format})`, route: SR, query: `mine=true&${query}`, gate: 'requestCreate' }),
    exported('customers', '/api/customers', 'customerRead'),
    exported('users', '/api/users', 'userManage'),
    exported('audit log', '/api/audit-log', 'auditRead'),
    exported('maintenance due list', '/api/maintenance/due', 'maintenance'),
    exported('expiring contracts', '/api/contracts/expiring', 'contractExpiring'),
    endpoint<CustomerTarget>({
      name: `export customer units (${format})`,
      route: '/api/customers/:id/units',
      query,
      gate: 'unitRead',
      dims: REGION,
      target: customerIn,
      refuse: [regional],
    }),
  ];
});

// ---------------------------------------------------------------- the table

export const ENDPOINTS: Endpoint[] = [
  // ---- public and signed-in basics
  list('public config', '/api/config', 'public'),
  list('health', '/api/health', 'public'),
  list('me', '/api/auth/me', 'signedIn'),
  // One's own language (ADR 022). en-IN: later cells of the same persona keep reading English.
  endpoint({
    name: 'update me',
    method: 'PATCH',
    route: '/api/auth/me',
    gate: 'signedIn',
    body: () => ({ locale: 'en-IN' }),
  }),
  list('dashboard stats', `${SR}/dashboard/stats`, 'dashboard'),
  list('audit log', '/api/audit-log', 'auditRead'),

  // ---- service requests
  // One's own requests (the dashboard's "View all"): anyone who may raise one (ADR 020).
  endpoint({ name: 'my requests', route: SR, query: 'mine=true', gate: 'requestCreate' }),
  // Those completed without proof (issue 35 item 1, ADR 047): the managers.
  endpoint({ name: 'requests without proof', route: SR, query: 'proof=none', gate: 'requestsWithoutProof' }),
  ...crud(requests, {
    list: 'requestList',
    create: {
      gate: 'requestCreate',
      body: ({ w, region }) => ({
        type: 'SERVICE',
        description: DESCRIPTION,
        customerId: w.customer[region].id,
        regionId: w.regions[region].id,
      }),
      // A customer outside the persona's regional scope reads as not found (400 on the field).
      refuse: [bodyRegion(400)],
    },
    read: { gate: 'requestRead', refuse: [seen] },
    'job-sheet.pdf': { name: 'job sheet', gate: 'requestRead', refuse: [seen] },
    technicians: {
      name: 'assign candidates',
      gate: 'requestRead',
      target: requestAt('APPROVED'),
      refuse: [seen, ({ p }) => p.role && !roleMayAct('assign', actorOfPersona(p)) && 403],
    },
    update: {
      name: 'edit request',
      method: 'PATCH',
      gate: 'requestRead',
      body: () => ({ description: `${DESCRIPTION} (edited)` }),
      refuse: acts('edit'),
    },
  }),
  transition('sales approve', 'salesApprove', ['PENDING_APPROVAL', 'PENDING_APPROVAL'], `${SR}/:id/sales-approve`, {
    opts: { needsSalesApproval: true, salesApproved: false },
    body: () => ({ comments: 'ok' }),
  }),
  transition('service approve', 'serviceApprove', ['PENDING_APPROVAL', 'APPROVED'], `${SR}/:id/service-approve`),
  transition('reject', 'reject', ['PENDING_APPROVAL', 'REJECTED'], `${SR}/:id/reject`, {
    body: () => ({ comments: 'Duplicate of another request' }),
  }),
  // Raised by a sales role and sales-approved: both stages are Sales Admin's and Super Admin's
  // (spec section 6, docs/product-rules.md R-17; issue 31, item 11).
  transition(
    'service approve (sales-raised)',
    'serviceApprove',
    ['PENDING_APPROVAL', 'APPROVED'],
    `${SR}/:id/service-approve`,
    { opts: { needsSalesApproval: true, salesApproved: true }, variant: 'sales-raised' },
  ),
  transition('reject (sales-raised, service stage)', 'reject', ['PENDING_APPROVAL', 'REJECTED'], `${SR}/:id/reject`, {
    opts: { needsSalesApproval: true, salesApproved: true },
    variant: 'sales-raised',
    body: () => ({ comments: 'Duplicate of another request' }),
  }),
  transition('auto assign', 'assign', ['APPROVED', 'ASSIGNED'], `${SR}/:id/auto-assign`),
  transition('manual assign', 'assign', ['APPROVED', 'ASSIGNED'], `${SR}/:id/manual-assign`, {
    body: ({ w, region }) => ({ technicianId: w.tech[region].id }),
  }),
  transition('acknowledge', 'acknowledge', ['WORK_COMPLETED', 'COMPLETED'], `${SR}/:id/acknowledge`, {
    method: 'PATCH',
  }),
  transition('start work', 'start', ['ASSIGNED', 'IN_PROGRESS'], '/api/technician-workflow/start', {
    body: ({ t }) => ({ requestId: t.id }),
  }),
  transition('complete work', 'complete', ['IN_PROGRESS', 'WORK_COMPLETED'], '/api/technician-workflow/stop', {
    body: ({ t }) => ({ requestId: t.id, notes: 'Replaced the filter' }),
  }),
  endpoint<RequestTarget>({
    name: 'upload work photo',
    method: 'POST',
    route: '/api/uploads/work-media/:id',
    gate: 'requestRead',
    target: requestAt('IN_PROGRESS'),
    body: () => tinyPng(),
    multipart: true,
    refuse: acts('uploadMedia'),
  }),
  endpoint<RequestTarget>({
    name: 'record reading',
    method: 'POST',
    route: `${SR}/:id/readings`,
    gate: 'requestRead',
    target: requestAt('IN_PROGRESS'),
    body: () => ({ tdsIn: 420, tdsOut: 35, ph: 7.1 }),
    refuse: acts('recordReading'),
  }),
  // Proof of completion (issue 35 item 1, ADR 047): the code goes out for whoever may complete the job now.
  endpoint<RequestTarget>({
    name: 'send completion code',
    method: 'POST',
    route: `${SR}/:id/completion-otp`,
    gate: 'requestRead',
    target: requestAt('IN_PROGRESS'),
    refuse: acts('complete'),
  }),
  endpoint<CustomerTarget & { asTechnician: boolean }>({
    name: 'save customer location',
    method: 'PUT',
    route: '/api/customers/update-location/:id',
    gate: 'signedIn',
    // "Own": the persona's open task at this customer (only a technician can hold one).
    async target({ ctx, w, p, region, record }) {
      const customer = await makeCustomer(ctx.db, w.regions[region].id);
      if (record !== 'own' || !p.role) return { ...customer, asTechnician: false };
      const row = await makeRequest(ctx.db, {
        customerId: customer.id,
        regionId: customer.regionId,
        requestedById: w.requester[region].id,
        assignedToId: p.role === ROLE.TECHNICIAN ? p.id : w.tech[region].id,
        status: 'IN_PROGRESS',
      });
      return { ...customer, asTechnician: canAct('captureLocation', actorOfPersona(p), row) };
    },
    body: () => ({ latitude: 13.08, longitude: 80.27, accuracy: 12 }),
    // Their technician may; anyone else needs the customer in scope and customerManage.
    refuse: [
      (c) => !c.t.asTechnician && regional(c),
      ({ p, t }) => !t.asTechnician && p.role && !hasCapability(p.role, 'customerManage') && 403,
    ],
  }),

  // ---- technician screens
  list('technician my-tasks', '/api/technicians/my-tasks', 'technicianTasks'),
  list('technician task-history', '/api/technicians/task-history', 'technicianTasks'),
  list('technician my-stats', '/api/technicians/my-stats', 'technicianTasks'),
  endpoint<RequestTarget>({
    name: 'technician task',
    route: '/api/technicians/tasks/:id',
    gate: 'technicianTasks',
    target: requestAt('ASSIGNED'),
    refuse: [({ p, t }) => t.row.assignedToId !== p.id && 404],
  }),

  // ---- customers
  ...crud(customers, {
    list: 'customerRead',
    read: { gate: 'customerRead', refuse: [regional] },
    history: { gate: 'customerHistory', refuse: [regional] },
    create: { gate: 'customerManage', body: (c) => customerBody(c.w.regions[c.region].id), refuse: [bodyRegion(403)] },
    update: { gate: 'customerManage', body: ({ t }) => customerBody(t.regionId), refuse: [regional] },
    delete: { gate: 'customerManage', refuse: [regional] },
  }),
  // Duplicate customers, merged and undone (issue 34 item 3, ADR 038): admins, and managers in their region.
  list('customer duplicates', '/api/customers/duplicates', 'customerMerge'),
  ...crud(customers, { merges: { name: 'customer merges', gate: 'customerMerge', refuse: [regional] } }),
  endpoint<MergePair>({
    name: 'merge customers',
    method: 'POST',
    route: '/api/customers/:id/merge',
    gate: 'customerMerge',
    dims: REGION,
    target: mergePair,
    body: ({ t }) => ({ duplicateIds: [t.duplicateId] }),
    refuse: [regional],
    verify:
      ({ ctx, t }) =>
      async () => {
        const [row] = await ctx.db.select().from(customerRows).where(eq(customerRows.id, t.duplicateId));
        return row?.mergedAt != null;
      },
  }),
  endpoint<MergePair>({
    name: 'undo customer merge',
    method: 'POST',
    route: '/api/customers/merges/:id/undo',
    gate: 'customerMerge',
    dims: REGION,
    // A merge of two customers of the cell's region, as the merge writes it (nothing moved).
    async target(c) {
      const pair = await mergePair(c);
      const [row] = await c.ctx.db
        .insert(customerMerges)
        .values({
          survivorId: pair.id,
          mergedIds: [pair.duplicateId],
          moved: { requests: {}, units: {}, contracts: [], history: 0 },
          phonesAdded: [],
          snapshot: [pair.snapshot],
        })
        .returning({ id: customerMerges.id });
      await c.ctx.db.update(customerRows).set({ mergedAt: new Date() }).where(eq(customerRows.id, pair.duplicateId));
      return { ...pair, id: row!.id };
    },
    refuse: [regional],
    verify:
      ({ ctx, t }) =>
      async () => {
        const [row] = await ctx.db.select().from(customerRows).where(eq(customerRows.id, t.duplicateId));
        return row?.mergedAt === null;
      },
  }),

  // ---- users
  ...crud(users, {
    list: 'userManage',
    assignable: { name: 'assignable roles', route: '/api/users/assignable-roles', gate: 'userManage' },
    subordinates: { name: 'my-subordinates', route: '/api/users/my-subordinates', gate: 'signedIn' },
    hierarchy: { name: 'my-hierarchy', route: '/api/users/my-hierarchy', gate: 'signedIn' },
    read: { gate: 'userManage', refuse: [regional, (c) => !c.t.self && mayAssign(c) && 404] },
    create: {
      gate: 'userManage',
      body: ({ w, region }) => ({
        name: `Matrix User ${uniq()}`,
        email: `matrix.${uniq()}@test.local`,
        password: 'secret123',
        roleId: roleIdOf(w, ROLE.TECHNICIAN),
        regionId: w.regions[region].id,
      }),
      refuse: [({ w, p }) => !assignable(w, p).has(roleIdOf(w, ROLE.TECHNICIAN)) && 403, bodyRegion(403)],
    },
    update: {
      gate: 'userManage',
      body: ({ t }) => ({
        name: `Renamed ${uniq()}`,
        email: `renamed.${uniq()}@test.local`,
        roleId: t.roleId,
        regionId: t.regionId,
      }),
      refuse: [regional, mayAssign],
    },
    delete: { name: 'deactivate user', gate: 'userManage', refuse: managed },
    'sign-out-everywhere': { name: 'sign a user out everywhere', method: 'POST', gate: 'userManage', refuse: managed },
  }),

  // ---- roles and regions
  ...crud(roles, {
    list: 'roleManage',
    read: { gate: 'roleManage', target: ({ w }) => ({ id: roleIdOf(w, ROLE.TECHNICIAN) }) },
    create: { gate: 'roleManage', body: () => ({ name: `Matrix Role ${uniq()}` }) },
    update: {
      name: 'rename role',
      gate: 'roleManage',
      body: () => ({ name: `Renamed Role ${uniq()}` }),
      refuse: [mayAssign],
    },
    delete: { gate: 'roleManage', refuse: [mayAssign] },
  }),
  ...crud(regions, {
    list: 'regionRead',
    read: { gate: 'regionRead', dims: REGION, target: ({ w, region }) => w.regions[region] },
    create: { gate: 'regionManage', body: () => ({ name: `Matrix Region ${uniq()}` }) },
    update: { name: 'rename region', gate: 'regionManage', body: () => ({ name: `Renamed Region ${uniq()}` }) },
    delete: 'regionManage',
  }),

  // ---- notifications (own only)
  list('list notifications', '/api/notifications', 'notifications'),
  list('unread count', '/api/notifications/unread-count', 'notifications'),
  list('mark all read', '/api/notifications/mark-all-read', 'notifications', 'POST'),
  ...(['read', 'delivered'] as const).map((verb) =>
    endpoint({
      name: `notification ${verb}`,
      method: 'POST',
      route: `/api/notifications/:id/${verb}`,
      gate: 'notifications',
      dims: { region: false, record: true },
      target: notification,
      refuse: [owned],
    }),
  ),
  endpoint<NotificationTarget>({
    name: 'mark several read',
    method: 'PATCH',
    route: '/api/notifications/mark-multiple-read',
    gate: 'notifications',
    dims: { region: false, record: true },
    target: notification,
    body: ({ t }) => ({ notificationIds: [t.id] }),
    // Another person's id: 404 and nothing marked (a20df10); the row stays unread.
    refuse: [owned],
    verify:
      ({ ctx, p, t }) =>
      async () => {
        const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, t.id));
        return t.owner === p.id ? row?.status === 'read' : row?.status === 'unread';
      },
  }),
  endpoint<{ id: string; shared: boolean }>({
    // To a fresh Service Manager of the region: "own" record = they share a request with the
    // persona, "other" = they do not, and only the hierarchy can make them colleagues.
    // Anyone else answers 404, the same as an id nobody has (docs/product-rules.md R-13).
    name: 'send notification',
    method: 'POST',
    route: '/api/notifications',
    gate: 'notifications',
    async target({ ctx, w, p, region, record }) {
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
      return { id: target.id, shared };
    },
    body: ({ t }) => ({ toUserId: t.id, message: 'Please call the customer back' }),
    refuse: [
      ({ w, p, region, t }) => {
        const them = { roleId: roleIdOf(w, ROLE.SERVICE_MANAGER), regionId: w.regions[region].id };
        return !(t.shared || (p.role !== null && worksInHierarchy(w, p, them))) && 404;
      },
    ],
  }),
  ...MAINTENANCE_ENDPOINTS,
  ...EXPORT_ENDPOINTS,

  // ---- imports from spreadsheets (issue 34 item 2, ADR 040), the admins': a dry run of a small
  // CSV (the default: nothing written), its errors copy, the templates
  ...(['customers', 'units'] as const).flatMap((kind) => [
    endpoint({
      name: `import ${kind} (dry run)`,
      method: 'POST',
      route: `/api/imports/${kind}`,
      gate: 'customerImport',
      body: () => importCsv(kind),
      multipart: true,
    }),
    endpoint({
      name: `import ${kind}: errors copy`,
      method: 'POST',
      route: `/api/imports/${kind}/errors`,
      gate: 'customerImport',
      body: () => importCsv(kind),
      multipart: true,
    }),
    list(`import ${kind}: template`, `/api/imports/${kind}/template`, 'customerImport'),
  ]),

  // ---- the System page (issue 32, ADR 033): backups and disk space, the Super Admin's
  list('system backups', '/api/system/backups', 'system'),
  endpoint({ name: 'back up now', method: 'POST', route: '/api/system/backups', gate: 'system', body: () => ({}) }),
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
  'POST /api/system/backups/local':
    'npm run backup on this machine, with the running server’s own token (ADR 033), not a user token; tests/api/ops/backup-routes.test.ts covers it',
  'POST /api/public/messages/webhook':
    "a gateway's reports, authorised by its HMAC signature, not a person (ADR 046); tests/api/messages/drivers.test.ts covers forged, malformed and oversized bodies",
  ...docsRoutes(DOCS),
};
