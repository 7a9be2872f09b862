/**
 * What autovacuum would have done by now, on a PostgreSQL server that runs without it.
 *
 * This machine's PostgreSQL runs with `autovacuum = off` (its CI configuration,
 * /etc/postgresql/15/main/conf.d/90-ci.conf); a deployment's has it on (the default). Without it the
 * rows every write rewrites (each recipient's unread count in `users`, the dashboard's
 * `request_counters`) pile up dead versions through a run: after the 50-connection creates and
 * approves at size L, `users` held 13,517 dead rows for 3,147 live ones and a create on one
 * connection took p50 16 / p99 24-30 ms; after VACUUM of those two tables, 6-7 / 15-16 ms (issue 39).
 * So between the measured steps the bench vacuums and analyzes the tables autovacuum's default
 * thresholds would pick (dead rows > 50 + 20% of the live ones; rows changed since the last
 * analyze > 50 + 10%), and does nothing when the server runs autovacuum itself. The embedded
 * database (PGlite) runs PostgreSQL in one process, without the autovacuum launcher: the bench
 * leaves it as it is, as the app does today (docs/performance.md, "Performance round 3").
 */
import type { Target } from './target.ts';

export async function vacuumAsAutovacuumWould(target: Target): Promise<string[]> {
  if (target.kind !== 'postgres') return [];
  const sql = await target.open();
  try {
    const [setting] = await sql.query<{ autovacuum: string }>('SHOW autovacuum');
    if (setting?.autovacuum === 'on') return [];
    const due = await sql.query<{ relname: string; vacuum: boolean }>(
      `SELECT relname, n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum FROM pg_stat_user_tables
        WHERE n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
        ORDER BY relname`,
    );
    for (const t of due) await sql.exec(`${t.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} "${t.relname}"`);
    return due.map((t) => t.relname);
  } finally {
    await sql.close();
  }
}
