/** Helpers shared by the request, upload, technician and dashboard API tests. */
import type { InjectOptions } from 'fastify';
import type { SystemRole } from '#shared/domain/roles.ts';
import {
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  type Session,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as a signed-in user. */
export function caller(ctx: TestContext) {
  return (
    session: Session | null,
    method: Method,
    url: string,
    payload?: unknown,
    extra: { headers?: Record<string, string> } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      headers: { ...(session ? session.headers : {}), ...(extra.headers ?? {}) },
    } as InjectOptions);
}

/** Roles with a global scope get no region; every other role lives in the given region. */
export const regionFor = (role: SystemRole, regionId: string): string | null =>
  [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SALES_ADMIN].includes(role as never) ? null : regionId;

/** A region with two customers, and a second region with one. */
export async function makeWorld(ctx: TestContext) {
  const region = await makeRegion(ctx.db);
  const other = await makeRegion(ctx.db);
  const customer = await makeCustomer(ctx.db, region.id, { name: 'Meera Sundaram' });
  const customer2 = await makeCustomer(ctx.db, region.id, { name: 'Kavya Raman' });
  const farCustomer = await makeCustomer(ctx.db, other.id, { name: 'Farid Ali' });
  return { region, other, customer, customer2, farCustomer };
}

export { makeCustomer, makeRegion, makeRequest, makeUser, signedIn };
