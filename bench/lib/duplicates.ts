/**
 * Possible duplicate customers (issue 34 item 3, ADR 038): GET /api/customers/duplicates page 1
 * (the screen's page of 10 groups) on one connection, as the Super Admin (every region) and as a
 * region's manager, over the generated customers (size L: 100,000, their names drawn from 60 first
 * and 50 last names, so nearly every customer has a look-alike in its region: the worst case for
 * the trigram probes). Our server alone: the baseline has no such endpoint.
 */
import type { Endpoint, Fixtures } from './endpoints.ts';
import { type Measure, measureUnloaded } from './load.ts';
import type { Server } from './servers.ts';

export interface DuplicatesResult {
  customers: number;
  admin: Measure;
  manager: Measure;
}

const page = (id: string, who: 'admin' | 'manager'): Endpoint => ({
  id,
  label: `possible duplicates page 1 (${who})`,
  method: 'GET',
  status: 200,
  actor: (f) => f[who],
  calls: () => () => ({ path: '/api/customers/duplicates?page=1&pageSize=10' }),
});

export async function measureDuplicates(o: {
  server: Server;
  fixtures: Fixtures;
  customers: number;
  seconds: number;
  refresh: () => Promise<void>;
}): Promise<DuplicatesResult> {
  await o.refresh();
  const admin = await measureUnloaded({
    server: o.server,
    endpoint: page('duplicates-admin', 'admin'),
    fixtures: o.fixtures,
    seconds: o.seconds,
  });
  await o.refresh();
  const manager = await measureUnloaded({
    server: o.server,
    endpoint: page('duplicates-manager', 'manager'),
    fixtures: o.fixtures,
    seconds: o.seconds,
  });
  return { customers: o.customers, admin, manager };
}
