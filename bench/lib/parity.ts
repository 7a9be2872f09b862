/**
 * "The identical SQL": for each endpoint, one call to our app and one to the baseline, both
 * in-process on the bench database, with every statement recorded. Ours minus the authentication
 * query (the session look-up of lib/auth.ts) must equal the baseline's, statement for statement.
 * Since the actor cache (ADR 021) that look-up runs only when the session is not cached: at most
 * once per call, and first; anything else is a difference like any other.
 */
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { buildBaseline, openBaselineDriver } from '../baseline.ts';
import { captureSql, normalizeSql } from './capture.ts';
import { type Endpoint, type Fixtures, headersFor } from './endpoints.ts';

/** The statement lib/auth.ts sends to check the bearer's session: ours only. */
const isAuthLookup = (s: string) => /inner join "refresh_sessions"/.test(s);

export interface ParityResult {
  endpoint: string;
  ok: boolean;
  ours: string[];
  base: string[];
  problem?: string;
}

export async function checkParity(o: {
  url: string;
  env: Record<string, string>;
  endpoints: Endpoint[];
  fixtures: Fixtures;
}): Promise<ParityResult[]> {
  const config = loadConfig({ ...o.env, DATABASE_URL: o.url });
  const database = await openDatabase({ databaseUrl: o.url, poolMax: 4 });
  const ours = await buildApp({ config, database, secret: o.env.JWT_SECRET as string });
  const driver = await openBaselineDriver({ DATABASE_URL: o.url });
  const base = await buildBaseline(driver);
  const results: ParityResult[] = [];
  try {
    await ours.ready();
    await base.ready();
    for (const e of o.endpoints) {
      const actor = e.actor(o.fixtures);
      // A fresh pending request for each side, as in the load itself.
      const calls = { ours: e.calls(o.fixtures, 'ours')(), base: e.calls(o.fixtures, 'base')() };
      const statuses: number[] = [];
      const run = (side: 'ours' | 'base') =>
        captureSql(async () => {
          const app = side === 'ours' ? ours : base;
          const call = calls[side];
          const res = await app.inject({
            method: e.method,
            url: call.path,
            headers: headersFor(side, actor, call.body !== undefined),
            ...(call.body !== undefined ? { payload: call.body } : {}),
          });
          statuses.push(res.statusCode);
        });
      const oursAll = (await run('ours')).map(normalizeSql);
      const lookups = oursAll.filter(isAuthLookup).length;
      const oursSql = lookups === 1 && isAuthLookup(oursAll[0] ?? '') ? oursAll.slice(1) : oursAll;
      const baseSql = (await run('base')).map(normalizeSql);
      let problem: string | undefined;
      if (lookups > 1 || (lookups === 1 && oursSql === oursAll)) {
        problem = `ours sends the session look-up ${lookups} times, or not first:\n    ours: ${oursAll.join('\n    ours: ')}`;
      } else if (statuses[0] !== e.status || statuses[1] !== e.status) {
        problem = `status ours ${statuses[0]}, baseline ${statuses[1]} (expected ${e.status})`;
      } else if (oursSql.length !== baseSql.length) {
        problem = `ours sends ${oursSql.length} statements, the baseline ${baseSql.length}:\n    ours: ${oursSql.join('\n    ours: ')}\n    base: ${baseSql.join('\n    base: ')}`;
      } else {
        const i = oursSql.findIndex((s, k) => s !== baseSql[k]);
        if (i >= 0) problem = `statement ${i + 1} differs:\n  ours: ${oursSql[i]}\n  base: ${baseSql[i]}`;
      }
      results.push({ endpoint: e.id, ok: !problem, ours: oursSql, base: baseSql, problem });
    }
  } finally {
    await ours.close();
    await database.close();
    await base.close();
    await driver.close();
  }
  return results;
}
