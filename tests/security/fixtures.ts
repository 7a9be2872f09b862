/**
 * Shared fixtures of the security tests: the twelve personas (nine roles, a Salesman and a
 * Technician without a region, and a signed-out caller),
 * a two-region world, the scope predicates restated from the policy table, and small helpers
 * (multipart bodies, images, result tallies).
 */
import crypto from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { notifications } from '#server/db/schema/activity.ts';
import { roles } from '#server/db/schema/people.ts';
import { allRoles, type RoleRow } from '#server/modules/roles/queries.ts';
import { type Capability, hasCapability, reachesRegion, requestScopeOf } from '#shared/domain/permissions.ts';
import { ROLE, SYSTEM_ROLES, type SystemRole } from '#shared/domain/roles.ts';
import type { RequestFacts, RequestStatus } from '#shared/domain/workflow.ts';
import {
  login,
  type MadeUser,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  type TestContext,
} from '#tests/harness/app.ts';

export interface Persona {
  /** The role's name, or 'Signed out'. */
  key: string;
  role: SystemRole | null;
  id: string;
  roleId: string;
  regionId: string | null;
  email: string;
  headers: Record<string, string>;
}

export type Side = 'own' | 'other';

export interface World {
  regions: Record<Side, { id: string; name: string }>;
  personas: Persona[];
  /**
   * A Salesman and a Technician without a region (issue 15): their own requests only, no region's
   * customers. Kept apart from `personas` (one per role, in the own region), which other suites
   * pick from by role; the R1 matrix and list checks run both.
   */
  regionless: Persona[];
  signedOut: Persona;
  roleRows: RoleRow[];
  /** Per region: a technician, a salesman and a service manager who raise and work requests. */
  tech: Record<Side, MadeUser>;
  salesman: Record<Side, MadeUser>;
  requester: Record<Side, MadeUser>;
  customer: Record<Side, { id: string; regionId: string }>;
}

export const SIGNED_OUT = 'Signed out';

/** Two regions, a persona per role in the first one, and the people and customers of both. */
export async function buildWorld(ctx: TestContext): Promise<World> {
  const tag = crypto.randomUUID().slice(0, 6);
  const own = await makeRegion(ctx.db, `Own ${tag}`);
  const other = await makeRegion(ctx.db, `Other ${tag}`);
  const regions = { own, other };
  const personas: Persona[] = [];
  const roleRows = await allRoles(ctx.db);
  for (const role of SYSTEM_ROLES) {
    const made = await makeUser(ctx.db, role, { regionId: own.id });
    const session = await login(ctx.app, made.email);
    personas.push({
      key: role,
      role,
      id: made.id,
      roleId: roleRows.find((r) => r.name === role)?.id as string,
      regionId: own.id,
      email: made.email,
      headers: session.headers,
    });
  }
  const regionless: Persona[] = [];
  for (const role of [ROLE.SALESMAN, ROLE.TECHNICIAN]) {
    const made = await makeUser(ctx.db, role, { regionId: null });
    const session = await login(ctx.app, made.email);
    regionless.push({
      key: `${role} (no region)`,
      role,
      id: made.id,
      roleId: roleRows.find((r) => r.name === role)?.id as string,
      regionId: null,
      email: made.email,
      headers: session.headers,
    });
  }
  const signedOut: Persona = {
    key: SIGNED_OUT,
    role: null,
    id: crypto.randomUUID(),
    roleId: '',
    regionId: null,
    email: '',
    headers: {},
  };
  const per = async <T>(make: (regionId: string) => Promise<T>) => ({
    own: await make(own.id),
    other: await make(other.id),
  });
  return {
    regions,
    personas,
    regionless,
    signedOut,
    roleRows,
    tech: await per((regionId) => makeUser(ctx.db, ROLE.TECHNICIAN, { regionId })),
    salesman: await per((regionId) => makeUser(ctx.db, ROLE.SALESMAN, { regionId })),
    requester: await per((regionId) => makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId })),
    customer: await per((regionId) => makeCustomer(ctx.db, regionId)),
  };
}

// ---------------------------------------------------------------- scope, from the policy table

export function sees(p: Persona, r: { regionId: string; requestedById: string; assignedToId: string | null }) {
  if (!p.role) return false;
  switch (requestScopeOf(p.role)) {
    case 'all':
      return true;
    case 'region':
      return !p.regionId || r.regionId === p.regionId;
    case 'requested':
      return r.requestedById === p.id;
    case 'technician':
      return r.assignedToId === p.id || r.requestedById === p.id;
  }
}

export function seesRegional(p: Persona, regionId: string | null): boolean {
  if (!p.role) return false;
  return reachesRegion(p.role, p.regionId, regionId);
}

/** 401 signed out, 403 without the capability, else null (go on). */
export function gate(p: Persona, capability: Capability | 'signedIn'): 401 | 403 | null {
  if (!p.role) return 401;
  if (capability === 'signedIn') return null;
  return hasCapability(p.role, capability) ? null : 403;
}

// ---------------------------------------------------------------- records

const ASSIGNED_STATUSES: readonly RequestStatus[] = ['ASSIGNED', 'IN_PROGRESS', 'WORK_COMPLETED', 'COMPLETED'];

/**
 * A request for a cell. "Own" is the persona's: raised by them, or (a technician's, once a
 * technician holds it) assigned to them. "Other" is raised by the region's service manager.
 */
export async function requestFor(
  ctx: TestContext,
  w: World,
  p: Persona,
  region: Side,
  record: Side,
  status: RequestStatus,
  opts: { needsSalesApproval?: boolean; salesApproved?: boolean } = {},
) {
  const assigned = ASSIGNED_STATUSES.includes(status);
  const mine = record === 'own' && p.role !== null;
  const techOwns = mine && p.role === ROLE.TECHNICIAN && assigned;
  const row = await makeRequest(ctx.db, {
    customerId: w.customer[region].id,
    regionId: w.regions[region].id,
    requestedById: mine && !techOwns ? p.id : w.requester[region].id,
    assignedToId: assigned ? (techOwns ? p.id : w.tech[region].id) : null,
    status,
    needsSalesApproval: opts.needsSalesApproval ?? false,
    salesApproved: opts.salesApproved ?? false,
  });
  const facts: RequestFacts = {
    status,
    needsSalesApproval: row.needsSalesApproval,
    salesApproved: row.salesApproved,
    requestedById: row.requestedById,
    assignedToId: row.assignedToId,
  };
  return { row, facts };
}

export async function customRoleUnder(ctx: TestContext, w: World, parentName: SystemRole) {
  const parent = w.roleRows.find((r) => r.name === parentName);
  const [row] = await ctx.db
    .insert(roles)
    .values({
      name: `Custom ${crypto.randomUUID().slice(0, 8)}`,
      parentRoleId: parent?.id ?? null,
      policyRole: parentName,
      immutable: false,
    })
    .returning({ id: roles.id, name: roles.name, parentRoleId: roles.parentRoleId });
  const made = row as { id: string; name: string; parentRoleId: string | null };
  w.roleRows.push({ ...(w.roleRows[0] as RoleRow), ...made, policyRole: parentName, immutable: false });
  return made;
}

export async function notificationFor(ctx: TestContext, toUserId: string) {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ toUserId, message: 'Matrix notification' })
    .returning({ id: notifications.id });
  return row?.id as string;
}

// ---------------------------------------------------------------- helpers

export async function tinyPng(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file field. */
export function multipart(
  bytes: Buffer,
  filename = 'photo.png',
  contentType = 'image/png',
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----aquadesk${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function call(
  ctx: TestContext,
  p: Persona | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(p?.headers ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  } as InjectOptions);
}

export const is2xx = (status: number) => status >= 200 && status < 300;

/** Everything that looks like a secret in a response body. */
export const SECRET_PATTERNS: { name: string; re: RegExp }[] = [
  { name: 'argon2 hash', re: /\$argon2(id|i|d)\$/ },
  { name: 'sha-256 hex (token hash)', re: /\b[0-9a-f]{64}\b/ },
  { name: 'passwordHash field', re: /"password(Hash)?"\s*:/i },
  { name: 'tokenHash field', re: /"token_?hash"\s*:/i },
  { name: 'refresh secret field', re: /"(refreshToken|refreshCookie|secret)"\s*:/i },
  { name: 'signing secret', re: /test-secret-test-secret/ },
];

export function leaksIn(body: string): string[] {
  return SECRET_PATTERNS.filter((p) => p.re.test(body)).map((p) => p.name);
}
