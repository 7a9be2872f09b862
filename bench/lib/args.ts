/** `npm run bench -- --size S|M|L [--db postgres|pglite|both] [--duration s] [--warmup s] ...` */
import type { SizeName } from './sizes.ts';
import type { DbKind } from './target.ts';

export interface Args {
  size: SizeName;
  dbs: DbKind[];
  /** Seconds of load per endpoint and server; undefined: the size's default. */
  duration?: number;
  warmup?: number;
  connections: number;
  /** Only these endpoints (ids), for development. */
  only?: string[];
  /** Generate the dataset and stop (the database is kept). */
  generateOnly: boolean;
  /** Keep the bench database afterwards. */
  keep: boolean;
  /** First port of the bench's range; ours uses it, the baseline the next one. */
  port: number;
}

export const USAGE = `Usage: npm run bench -- --size S|M|L [options]
  --size S|M|L          S: about 10k requests (quick, CI); M: a shop after five years, 200k
                        requests, 20k customers, 40k units, 60 staff in 3 regions, 2M notifications
                        (issue 39: run it on PGlite, --connections 10); L: 1M requests, 100k
                        customers, 2k technicians in 30 regions, 10M notifications
  --db postgres|pglite|both
                        database of our server (default postgres: DATABASE_URL or TEST_DATABASE_URL,
                        else postgres://postgres@127.0.0.1:5432/test; the bench creates aquadesk_bench_<pid>)
  --duration N          seconds of load per endpoint and server (default S and M: 5, L: 10); under 3
                        is a smoke run (CI): 1 s one-connection readings, 0.2 s settles, a 3 s
                        sign-in run and imports of 10,000 rows; it checks the harness, not figures
  --warmup N            seconds of warm-up before each (default S and M: 1, L: 3)
  --connections N       concurrent connections (default 50)
  --only a,b            only these endpoints (list,search,mine,detail,dashboard-admin,dashboard-manager,unread,create,approve,login,due,duplicates,readings,public,messages,stock,backup,export,import)
  --port N              first of two ports (default 4510)
  --generate-only       build the dataset and stop
  --keep                keep the bench database afterwards`;

export function parseArgs(argv: string[]): Args {
  const out: Args = { size: 'S', dbs: ['postgres'], connections: 50, generateOnly: false, keep: false, port: 4510 };
  const num = (flag: string, v: string | undefined) => {
    const n = Number(v);
    if (!v || !Number.isFinite(n) || n <= 0) throw new Error(`${flag} needs a positive number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    switch (a) {
      case '--size':
        if (v !== 'S' && v !== 'M' && v !== 'L') throw new Error('--size is S, M or L');
        out.size = v;
        i++;
        break;
      case '--db':
        if (v === 'both') out.dbs = ['postgres', 'pglite'];
        else if (v === 'postgres' || v === 'pglite') out.dbs = [v];
        else throw new Error('--db is postgres, pglite or both');
        i++;
        break;
      case '--duration':
        out.duration = num(a, v);
        i++;
        break;
      case '--warmup':
        out.warmup = Number(v ?? 'x');
        if (!Number.isFinite(out.warmup) || out.warmup < 0) throw new Error('--warmup needs a number');
        i++;
        break;
      case '--connections':
        out.connections = Math.round(num(a, v));
        i++;
        break;
      case '--only':
        out.only = (v ?? '').split(',').filter(Boolean);
        i++;
        break;
      case '--port':
        out.port = Math.round(num(a, v));
        i++;
        break;
      case '--generate-only':
        out.generateOnly = true;
        break;
      case '--keep':
        out.keep = true;
        break;
      case '--help':
      case '-h':
        throw new Error(USAGE);
      default:
        throw new Error(`Unknown option ${a}\n${USAGE}`);
    }
  }
  return out;
}
