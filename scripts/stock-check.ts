/**
 * `npm run stock:check` (issue 37, ADR 049): the ledger against the balances. Opens the app's
 * database as the server does (DATABASE_URL, else the embedded one in DATA_DIR: stop the server
 * first, it holds that directory), prints every (location, part) whose on-hand is not the sum of
 * its movements, and exits 1 when there is any; 0 and "agree" otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { ledgerDisagreements } from '#server/modules/stock/ledger.service.ts';

export async function stockCheck(out: (line: string) => void = console.log): Promise<number> {
  const config = loadConfig();
  if (!config.DATABASE_URL && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    out(`There is no embedded database in ${config.dataDir} (DATA_DIR): nothing to check.`);
    return 1;
  }
  const database = config.DATABASE_URL
    ? await openDatabase({ databaseUrl: config.DATABASE_URL, poolMax: 2 })
    : await openDatabase({ dataDir: config.dataDir });
  try {
    const rows = await ledgerDisagreements(database.db);
    if (rows.length === 0) {
      out('Stock: the balances agree with the ledger.');
      return 0;
    }
    out(`Stock: ${rows.length} balance(s) disagree with the ledger:`);
    for (const r of rows) {
      out(`  location ${r.locationId} part ${r.partId}: on hand ${r.onHand}, ledger ${r.ledger}`);
    }
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stockCheck().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
