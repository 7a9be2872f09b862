/**
 * `npm run bench -- --size S|L [--db postgres|pglite|both] [--duration s]`
 *
 * 1. Builds a fresh database (aquadesk_bench_<pid> on PostgreSQL, or a PGlite directory) and fills it in
 *    bulk inside the database (bench/lib/dataset.ts).
 *    With `messages` (issue 35), our outbox's deliverer is timed in this process first (MS2,
 *    bench/lib/messages.ts): the server runs no job runner.
 * 2. Starts our real server (src/server/main.ts, DEMO=off, API only) and the bare baseline
 *    (bench/baseline.ts: Fastify + pg, the same SQL, no auth, no validation) side by side.
 * 3. Checks that the baseline sends the same statements as ours (PostgreSQL runs).
 * 4. Loads each endpoint with autocannon (50 connections, warm-up first): ours, then the baseline.
 *    On PostgreSQL the unread count is measured first with only part of the notifications loaded,
 *    then again after the rest (P3). Login is measured against raw argon2 (P9).
 * 5. Prints the table and the targets, writes bench/results/*.json and latest-<size>-<db>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobSheetUrl } from '#server/lib/job-sheet-links.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { TokenService } from '#server/lib/tokens.ts';
import { type Args, parseArgs } from './lib/args.ts';
import { vacuumAsAutovacuumWould } from './lib/autovacuum.ts';
import { type BackupResult, measureBackup } from './lib/backup.ts';
import { addNotifications, checkConsistency, type DatasetStats, dropScratch, generate } from './lib/dataset.ts';
import { type DuplicatesResult, measureDuplicates } from './lib/duplicates.ts';
import {
  type Actor,
  actorByEmail,
  ENDPOINTS,
  type Fixtures,
  loadFixtures,
  ONE_CONNECTION_SEARCHES,
} from './lib/endpoints.ts';
import { type ExportResult, measureExports } from './lib/exports.ts';
import { type ImportStep, importRows, measureImports } from './lib/imports.ts';
import { argon2Rate, type Measure, measureLogin, measurePair, measureUnloaded, smokeTimings } from './lib/load.ts';
import {
  generateInstalledBase,
  type MaintenanceResult,
  measureMaintenance,
  READINGS_PER_UNIT,
  readingUnitCount,
} from './lib/maintenance.ts';
import {
  type DeliveryResult,
  type MessagesResult,
  measureDelivery,
  measureMessages,
  messageFixtures,
} from './lib/messages.ts';
import { checkParity } from './lib/parity.ts';
import { measurePublicUnits, type PublicUnitsResult, publicFixtures } from './lib/public-units.ts';
import { measureReadings, type ReadingsResult, readingUnitIds } from './lib/readings.ts';
import { machine, printTable, type Row, type RunResult, writeResults } from './lib/report.ts';
import { measureReports, type ReportsResult, reportFixtures } from './lib/reports.ts';
import { ROOT, type Server, startServer } from './lib/servers.ts';
import { BENCH_ADMIN, BENCH_MANAGER, BENCH_PASSWORD, BENCH_RAISER, SIZES, type SizeName } from './lib/sizes.ts';
import { measureStock, type StockResult, stockFixtures } from './lib/stock.ts';
import { type DbKind, freshTarget } from './lib/target.ts';

const JWT_SECRET = 'bench-only-secret-0123456789-abcdefghijklmnop';
/** Every endpoint is read again on one connection (issue 20); login has its own reading (P9). */
const UNLOADED_IDS = [
  'unread',
  'list',
  'search',
  'mine',
  'detail',
  'dashboard-admin',
  'dashboard-manager',
  'create',
  'approve',
];
/** Fresh pending requests kept aside for the one-connection approve reading. */
const UNLOADED_APPROVE_RESERVE = 1000;

const log = (msg: string) => console.log(msg);

async function login(server: Server, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

function mergeSeconds(a: DatasetStats, b?: DatasetStats): DatasetStats {
  return { rows: b?.rows ?? a.rows, seconds: { ...a.seconds, ...(b?.seconds ?? {}) } };
}

/** One database's run; null with --generate-only. */
async function runOne(args: Args, db: DbKind): Promise<RunResult | null> {
  const size = SIZES[args.size];
  const duration = args.duration ?? size.duration;
  const warmup = args.warmup ?? size.warmup;
  // A run shorter than 3 s a side is a smoke (CI): it checks the harness, the generator and the
  // SQL parity, not the figures, so its one-connection readings and settles are short too.
  const smoke = duration < 3;
  if (smoke) smokeTimings();
  const oneConnSeconds = smoke ? 1 : Math.max(3, duration / 2);
  const startedAt = new Date().toISOString();
  const endpoints = ENDPOINTS.filter((e) => !args.only || args.only.includes(e.id));
  // Enough fresh pending requests for the approve runs of both servers, with room to spare, plus
  // ours' reserve for the one-connection reading.
  const approvePerSide = Math.max(1000, Math.ceil((duration + warmup) * 500)) + UNLOADED_APPROVE_RESERVE;
  log(`\n== size ${size.name} on ${db}: generating ==`);
  const target = await freshTarget(db);
  const sql = await target.open();
  let sqlOpen = true;
  const servers: Server[] = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-bench-run-'));
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const twoPhase = db === 'postgres';
    let stats = await generate(sql, { size, approvePool: approvePerSide * 2 + 10, passwordHash, kind: db, log });
    const readingRows = readingUnitCount(size) * READINGS_PER_UNIT;
    log(
      `installed base: ${size.units} units, ${size.units * 5} schedule rows, ${size.dueJobs} due within 7 days, ${readingRows} water readings`,
    );
    const ibStarted = performance.now();
    await generateInstalledBase(sql, size);
    stats = mergeSeconds(stats, {
      rows: { ...stats.rows, units: size.units, unit_schedule: size.units * 5, water_readings: readingRows },
      seconds: { 'installed base': (performance.now() - ibStarted) / 1000 },
    });
    if (!twoPhase) stats = mergeSeconds(stats, await addNotifications(sql, { size, kind: db, log }));
    const problems = await checkConsistency(sql);
    if (problems.length) throw new Error(`The generated data is inconsistent:\n${problems.join('\n')}`);
    log(
      `  rows: ${Object.entries(stats.rows)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    const base = await loadFixtures(sql, { approvePerSide });
    const wantReadings = !args.only || args.only.includes('readings');
    const readingUnits = wantReadings ? await readingUnitIds(sql) : [];
    const wantPublic = !args.only || args.only.includes('public');
    const pub = wantPublic ? await publicFixtures(sql) : undefined;
    const wantMessages = !args.only || args.only.includes('messages');
    const msg = wantMessages ? await messageFixtures(sql) : undefined;
    const wantStock = !args.only || args.only.includes('stock');
    const st = wantStock ? await stockFixtures(sql) : undefined;
    // Issue 38: reports (adds the AMCs and due jobs the reports read, once)
    const wantReports = !args.only || args.only.includes('reports');
    const rp = wantReports ? await reportFixtures(sql) : undefined;
    const people = {
      admin: await actorByEmail(sql, BENCH_ADMIN),
      manager: await actorByEmail(sql, BENCH_MANAGER),
      raiser: await actorByEmail(sql, BENCH_RAISER),
    };
    if (args.generateOnly) {
      log(db === 'postgres' ? `Kept the database at ${target.url}` : `Kept the data directory ${target.dataDir}`);
      await dropScratch(sql);
      return null;
    }

    const f0 = (n: number) => n.toFixed(0);
    // MS2 (issue 35): our deliverer in this process, before the servers start (bench/lib/messages.ts).
    let delivery: DeliveryResult | undefined;
    const timeDelivery = async () => {
      if (!msg) return;
      log(`== customer messages (issue 35): MS2, our deliverer with the log driver, in this process ==`);
      delivery = await measureDelivery(target);
      log(
        `  delivery       ${delivery.sent} of ${delivery.queued} sent in ${delivery.seconds.toFixed(2)} s (${f0(delivery.perSecond)}/s); ${delivery.leftDue} left due`,
      );
    };
    // PGlite allows one process: the generator lets go, the baseline reads a copy.
    let baseEnv: Record<string, string>;
    if (db === 'pglite') {
      await dropScratch(sql);
      await sql.close();
      sqlOpen = false;
      await timeDelivery();
      const copy = path.join(scratch, 'baseline-pglite');
      fs.cpSync(path.join(target.dataDir as string, 'pglite'), copy, { recursive: true });
      baseEnv = { PGLITE_DIR: copy, DATABASE_URL: '' };
    } else {
      await timeDelivery();
      baseEnv = { DATABASE_URL: target.url as string };
    }
    const oursEnv: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(args.port),
      DEMO: 'off',
      SERVE_WEB: 'off',
      LOG_LEVEL: 'warn',
      // The bench runs the maintenance job itself (issue 21), not at a time of day.
      MAINTENANCE_SCHEDULER: 'off',
      JWT_SECRET,
      // Every call of the bench comes from one address: the per-IP login limit would stop P9.
      LOGIN_RATE_PER_IP: '100000000',
      // P9 signs one account in over and over, 50 at a time: each check reserves a place on the
      // account's counter (ADR 015), so the default 10 in flight would answer 429.
      LOGIN_FAILS_PER_ACCOUNT: '100000000',
      // A public name, so stickers print (ADR 043), and no per-address limit on the public page
      // (QR1, QR2: every call comes from here).
      PUBLIC_URL: 'http://service.example.com',
      PUBLIC_ATTEMPTS_PER_IP_HOUR: '100000000',
      PUBLIC_READS_PER_IP_HOUR: '100000000',
      DATABASE_URL: db === 'postgres' ? (target.url as string) : '',
      DATA_DIR: db === 'postgres' ? path.join(scratch, 'data') : (target.dataDir as string),
    };
    const resultsDir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    log(`== starting our server (:${args.port}) and the baseline (:${args.port + 1}) ==`);
    const ours = await startServer({
      name: 'ours',
      script: 'src/server/main.ts',
      port: args.port,
      env: oursEnv,
      readyPath: '/api/ready',
      logFile: path.join(resultsDir, `server-ours-${size.name}-${db}.log`),
      // BENCH_CPU_PROF=<dir>: our server writes a V8 CPU profile there when it stops (docs/performance.md).
      nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
    });
    servers.push(ours);
    const baseline = await startServer({
      name: 'baseline',
      script: 'bench/baseline.ts',
      port: args.port + 1,
      env: { ...baseEnv, BASELINE_PORT: String(args.port + 1) },
      readyPath: '/health',
      logFile: path.join(resultsDir, `server-baseline-${size.name}-${db}.log`),
    });
    servers.push(baseline);
    const idleRss = { ours: ours.rssMiB(), base: baseline.rssMiB() };

    const withToken = async (a: Omit<Actor, 'token'>): Promise<Actor> => ({ ...a, token: await login(ours, a.email) });
    const unloadedApproveIds = base.approveIds.ours.splice(-UNLOADED_APPROVE_RESERVE);
    const fixtures: Fixtures = {
      ...base,
      admin: await withToken(people.admin),
      manager: await withToken(people.manager),
      raiser: await withToken(people.raiser),
    };
    const refreshTokens = async () => {
      fixtures.admin = await withToken(people.admin);
      fixtures.manager = await withToken(people.manager);
      fixtures.raiser = await withToken(people.raiser);
    };

    let parity: RunResult['parity'] = [];
    if (db === 'postgres') {
      log('== SQL parity: ours against the baseline ==');
      // One reserved pending request per side, so the load's supply stays fresh.
      const reserved: Fixtures = {
        ...fixtures,
        approveIds: { ours: fixtures.approveIds.ours.splice(-1), base: fixtures.approveIds.base.splice(-1) },
      };
      const results = await checkParity({ url: target.url as string, env: oursEnv, endpoints, fixtures: reserved });
      parity = results.map((r) => ({ endpoint: r.endpoint, ok: r.ok, problem: r.problem }));
      for (const r of results) log(`  ${r.endpoint}: ${r.ok ? `identical (${r.base.length} statements)` : r.problem}`);
      if (results.some((r) => !r.ok)) {
        throw new Error('The baseline no longer sends the same SQL as our server: update bench/baseline.ts.');
      }
    }

    const run = async (id: string): Promise<{ ours: Measure; base: Measure }> => {
      const endpoint = ENDPOINTS.find((e) => e.id === id);
      if (!endpoint) throw new Error(id);
      const pair = await measurePair({
        ours,
        base: baseline,
        endpoint,
        fixtures,
        connections: args.connections,
        warmup,
        duration,
      });
      for (const [side, m] of [
        ['ours', pair.ours],
        ['base', pair.base],
      ] as const) {
        log(
          `  ${id.padEnd(18)} ${side.padEnd(4)} ${f0(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  RSS ${f0(m.rssMiB)} MiB${m.bad ? `  (${m.bad} failed: ${JSON.stringify(m.statuses)})` : ''}`,
        );
      }
      return pair;
    };

    let unreadFirst: RunResult['unreadFirst'];
    if (twoPhase && endpoints.some((e) => e.id === 'unread')) {
      log(`== P3: unread count at ${size.notificationsFirst} notifications ==`);
      unreadFirst = { notifications: size.notificationsFirst, ...(await run('unread')) };
    }
    if (twoPhase) {
      log(`== loading the rest of the notifications (to ${size.notifications}) ==`);
      stats = mergeSeconds(stats, await addNotifications(sql, { size, kind: db, log }));
      await dropScratch(sql);
      await sql.close();
      sqlOpen = false;
    }

    log('== load ==');
    const rows: Row[] = [];
    // P3 compares like with like: the second unread reading also comes first after its load.
    const order = twoPhase
      ? [...endpoints].sort((a, b) => Number(b.id === 'unread') - Number(a.id === 'unread'))
      : endpoints;
    // This machine's PostgreSQL runs without autovacuum: do its work between the steps (autovacuum.ts).
    const autovacuum = async () => {
      const done = await vacuumAsAutovacuumWould(target);
      if (done.length) log(`  (as autovacuum would: ${done.join(', ')})`);
    };
    for (const e of order) {
      await autovacuum();
      await refreshTokens();
      rows.push({ id: e.id, label: e.label, ...(await run(e.id)) });
    }

    await autovacuum();
    log('== every endpoint on one connection (ours alone) ==');
    const unloaded: Record<string, Measure> = {};
    for (const e of endpoints.filter((x) => UNLOADED_IDS.includes(x.id))) {
      await refreshTokens();
      const m = await measureUnloaded({
        server: ours,
        endpoint: e,
        fixtures: e.id === 'approve' ? { ...fixtures, approveIds: { ours: unloadedApproveIds, base: [] } } : fixtures,
        seconds: oneConnSeconds,
      });
      unloaded[e.id] = m;
      log(`  ${e.id.padEnd(18)} 1 conn ${f0(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms`);
    }
    // Issue 39: a term in 0.1% of the requests and a ticket number, ours alone.
    if (endpoints.some((e) => e.id === 'search')) {
      for (const e of ONE_CONNECTION_SEARCHES) {
        await refreshTokens();
        const m = await measureUnloaded({ server: ours, endpoint: e, fixtures, seconds: oneConnSeconds });
        unloaded[e.id] = m;
        log(`  ${e.id.padEnd(18)} 1 conn ${f0(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms`);
      }
    }

    let maintenance: MaintenanceResult | undefined;
    if (!args.only || args.only.includes('due')) {
      log('== maintenance (issue 21): due list page 1 on one connection, then the run twice ==');
      maintenance = await measureMaintenance({
        server: ours,
        fixtures,
        size,
        seconds: oneConnSeconds,
        refresh: refreshTokens,
      });
      log(
        `  due page 1     1 conn ${f0(maintenance.due.rps).padStart(6)} req/s  p50 ${maintenance.due.p50} ms  p99 ${maintenance.due.p99} ms`,
      );
      log(
        `  run            raised ${maintenance.run.created} (skipped ${maintenance.run.skipped}) in ${maintenance.run.seconds.toFixed(1)} s`,
      );
      log(
        `  run again      raised ${maintenance.rerun.created} (skipped ${maintenance.rerun.skipped}) in ${maintenance.rerun.seconds.toFixed(1)} s`,
      );
    }

    let duplicates: DuplicatesResult | undefined;
    if (!args.only || args.only.includes('duplicates')) {
      log('== possible duplicates (issue 34): page 1 on one connection, admin and regional manager ==');
      duplicates = await measureDuplicates({
        server: ours,
        fixtures,
        customers: size.customers,
        seconds: oneConnSeconds,
        refresh: refreshTokens,
      });
      for (const [who, m] of [
        ['admin', duplicates.admin],
        ['manager', duplicates.manager],
      ] as const) {
        log(`  duplicates ${who.padEnd(7)} 1 conn ${f0(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms`);
      }
    }

    let readings: ReadingsResult | undefined;
    if (wantReadings) {
      log(`== readings (issue 36): a unit's series on one connection, over ${readingUnits.length} units ==`);
      readings = await measureReadings({
        server: ours,
        fixtures,
        size,
        unitIds: readingUnits,
        seconds: oneConnSeconds,
        refresh: refreshTokens,
      });
      const m = readings.admin;
      log(`  readings       1 conn ${f0(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms`);
    }

    let publicUnits: PublicUnitsResult | undefined;
    if (pub) {
      log(`== QR stickers and the public page (issue 36): one connection each ==`);
      publicUnits = await measurePublicUnits({
        server: ours,
        fixtures,
        pub,
        seconds: oneConnSeconds,
        refresh: refreshTokens,
        // The server's own secret: the links it would give (ADR 048).
        sheetLink: (id) => jobSheetUrl(new TokenService(JWT_SECRET, 900), null, id),
      });
      for (const [what, m] of [
        ['public page', publicUnits.page],
        ['public request', publicUnits.request],
        ['sticker sheet', publicUnits.sheet],
        ['job sheet', publicUnits.jobSheet],
      ] as const) {
        log(`  ${what.padEnd(15)} 1 conn ${f0(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms`);
      }
    }

    let messages: MessagesResult | undefined;
    if (msg && delivery) {
      log(`== customer messages (issue 35): the Messages screen on one connection, over ${msg.outbox} messages ==`);
      messages = await measureMessages({
        server: ours,
        fixtures,
        msg,
        delivery,
        seconds: oneConnSeconds,
        refresh: refreshTokens,
      });
      for (const [what, m] of [
        ['messages p1', messages.page],
        ['messages FAILED', messages.failed],
        ['messages search', messages.search],
      ] as const) {
        log(`  ${what.padEnd(15)} 1 conn ${f0(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms`);
      }
    }

    let stock: StockResult | undefined;
    if (st) {
      log(
        `== spare parts (issue 37): stock on one connection, over ${st.movements} movements, ${st.balances} balances ==`,
      );
      stock = await measureStock({
        server: ours,
        fixtures,
        st,
        seconds: oneConnSeconds,
        refresh: refreshTokens,
      });
      for (const [what, m] of [
        ['van on-hand', stock.van],
        ['low stock', stock.lowList],
        ['store on-hand', stock.store],
      ] as const) {
        log(`  ${what.padEnd(15)} 1 conn ${f0(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms`);
      }
    }

    // Issue 38: reports on one connection, 12 months × every region and one month × one region
    let reports: ReportsResult | undefined;
    if (rp) {
      log(
        `== reports (issue 38): each report on one connection, over ${rp.requests} requests, ${rp.contracts} AMCs, ${rp.dueJobs} due jobs ==`,
      );
      reports = await measureReports({
        server: ours,
        fixtures,
        rp,
        seconds: oneConnSeconds,
        refresh: refreshTokens,
      });
      for (const [name, m] of Object.entries(reports.year)) {
        const one = reports.month[name] as typeof m;
        log(
          `  ${name.padEnd(18)} 12 months p50 ${m.p50} ms p99 ${m.p99} ms; one month, one region p50 ${one.p50} ms p99 ${one.p99} ms`,
        );
      }
    }

    let exportsResult: ExportResult[] | undefined;
    if (!args.only || args.only.includes('export')) {
      log('== exports (issue 34): every request as CSV, then as xlsx, with the server RSS ==');
      await refreshTokens();
      exportsResult = await measureExports({ server: ours, fixtures });
      for (const e of exportsResult) {
        log(
          `  export ${e.format.padEnd(4)}    first byte ${e.ttfbMs} ms, ${e.seconds.toFixed(1)} s, ${e.mib.toFixed(1)} MiB${e.rows ? `, ${e.rows} rows` : ''}; RSS ${f0(e.idleMiB)} -> ${f0(e.peakMiB)} MiB`,
        );
      }
    }

    let imports: ImportStep[] | undefined;
    if (!args.only || args.only.includes('import')) {
      log(
        `== imports (issue 34): ${importRows(db, smoke)} customers, then as many units, a dry run and the import each ==`,
      );
      await refreshTokens();
      imports = await measureImports({ server: ours, fixtures, db, smoke });
      for (const i of imports) {
        log(
          `  import ${i.kind.padEnd(9)} ${i.rows} rows (${i.mib.toFixed(1)} MiB): dry run ${i.dryRunSeconds.toFixed(1)} s, import ${i.seconds.toFixed(1)} s, ${i.created} created`,
        );
      }
    }

    let backup: BackupResult | undefined;
    if (!args.only || args.only.includes('backup')) {
      log('== backup (issue 32): Back up now while one connection reads the list ==');
      await refreshTokens();
      backup = await measureBackup({ server: ours, fixtures });
      log(
        `  backup         ${backup.seconds.toFixed(1)} s, ${backup.sizeMiB.toFixed(1)} MiB; ${backup.reads} reads meanwhile, the longest ${backup.maxReadMs} ms`,
      );
    }

    let loginResult: RunResult['login'];
    if (!args.only || args.only.includes('login')) {
      await autovacuum();
      log('== P9: login against raw argon2 ==');
      const ours9 = await measureLogin({
        server: ours,
        email: BENCH_ADMIN,
        password: BENCH_PASSWORD,
        connections: args.connections,
        warmup,
        duration,
        minSeconds: smoke ? 3 : 10,
      });
      log(`  login ours ${ours9.rps.toFixed(1)} req/s p50 ${ours9.p50} ms p99 ${ours9.p99} ms`);
      const argon2PerSecond = await argon2Rate({
        hash: passwordHash,
        password: BENCH_PASSWORD,
        seconds: duration,
        concurrency: args.connections,
        verify: verifyPassword,
      });
      log(`  raw argon2 ${argon2PerSecond.toFixed(1)} verifies/s`);
      loginResult = { ours: ours9, argon2PerSecond };
    }

    return {
      size: size.name,
      db,
      startedAt,
      machine: machine(),
      connections: args.connections,
      warmup,
      duration,
      dataset: stats,
      parity,
      rows,
      unreadFirst,
      login: loginResult,
      idleRss,
      unloaded,
      maintenance,
      duplicates,
      readings,
      publicUnits,
      messages,
      stock,
      reports,
      backup,
      exports: exportsResult,
      imports,
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
    if (sqlOpen) await sql.close();
    if (!args.keep && !args.generateOnly) await target.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The latest saved run of the other database at this size (P7 compares the two). */
function latestOther(size: SizeName, db: DbKind): RunResult | undefined {
  const dir = path.join(ROOT, 'bench', 'results');
  if (!fs.existsSync(dir)) return undefined;
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${size}-${db}.json`))
    .sort()
    .pop();
  return file ? (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as RunResult) : undefined;
}

async function main() {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const done: RunResult[] = [];
  for (const db of args.dbs) {
    const result = await runOne(args, db);
    if (result) done.push(result);
  }
  for (const run of done) {
    const otherDb: DbKind = run.db === 'postgres' ? 'pglite' : 'postgres';
    const other = done.find((r) => r.db === otherDb) ?? latestOther(run.size, otherDb);
    printTable(run, other);
    const files = writeResults(run, other);
    log(`Wrote ${path.relative(ROOT, files.md)} and ${path.relative(ROOT, files.json)}`);
  }
  // A broken bench fails (CI runs it as a smoke check); a missed target does not.
  const failed = done.flatMap((r) => {
    const all = [
      ...r.rows.flatMap((x) => [
        { name: `${x.id} (ours)`, m: x.ours },
        ...(x.base ? [{ name: `${x.id} (baseline)`, m: x.base }] : []),
      ]),
      ...(r.login ? [{ name: 'login', m: r.login.ours }] : []),
      ...Object.entries(r.unloaded ?? {}).map(([id, m]) => ({ name: `${id} (one connection)`, m })),
      ...(r.maintenance ? [{ name: 'maintenance due page 1 (one connection)', m: r.maintenance.due }] : []),
      ...(r.duplicates
        ? [
            { name: 'possible duplicates page 1, admin (one connection)', m: r.duplicates.admin },
            { name: 'possible duplicates page 1, manager (one connection)', m: r.duplicates.manager },
          ]
        : []),
      ...(r.readings ? [{ name: "a unit's readings (one connection)", m: r.readings.admin }] : []),
      ...(r.publicUnits
        ? [
            { name: "a unit's public page (one connection)", m: r.publicUnits.page },
            { name: 'a request from the public page (one connection)', m: r.publicUnits.request },
            { name: "a region's sticker sheet (one connection)", m: r.publicUnits.sheet },
            { name: "a job sheet's public page (one connection)", m: r.publicUnits.jobSheet },
          ]
        : []),
      ...(r.stock
        ? [
            { name: "a van's on-hand (one connection)", m: r.stock.van },
            { name: 'the Low stock list (one connection)', m: r.stock.lowList },
            { name: "a store's on-hand (one connection)", m: r.stock.store },
          ]
        : []),
      ...(r.messages
        ? [
            { name: 'the Messages screen page 1 (one connection)', m: r.messages.page },
            { name: 'the Messages screen FAILED page 1 (one connection)', m: r.messages.failed },
            { name: 'the Messages screen searched by phone (one connection)', m: r.messages.search },
          ]
        : []),
    ];
    const undelivered =
      r.messages && (r.messages.delivery.sent !== r.messages.delivery.queued || r.messages.delivery.leftDue)
        ? [
            `${r.db} MS2: ${r.messages.delivery.sent} of ${r.messages.delivery.queued} sent, ${r.messages.delivery.leftDue} left due`,
          ]
        : [];
    return all
      .filter(({ m }) => m.ok === 0 || Object.keys(m.statuses).some((code) => !['200', '201'].includes(code)))
      .map(({ name, m }) => `${r.db} ${name}: ${m.ok} ok, statuses ${JSON.stringify(m.statuses)}`)
      .concat(undelivered);
  });
  if (failed.length) {
    console.error(`The bench itself failed:\n  ${failed.join('\n  ')}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
