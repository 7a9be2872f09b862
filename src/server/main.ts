/**
 * Reads the environment once, opens the database, listens, then migrates and seeds (the process
 * is live but not ready meanwhile: GET /api/ready answers 503), and shuts down cleanly on
 * SIGTERM/SIGINT: not ready, stop accepting, end the SSE streams, finish requests in flight
 * within SHUTDOWN_TIMEOUT_MS, close the database (which releases the PGlite lock), exit 0.
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { keepHeapTight } from './lib/heap.ts';
import { nodeVersionWarning } from './lib/node-version.ts';
import { resolveSecret } from './lib/tokens.ts';
import { localUrlOf, publishLocalAdmin } from './modules/backups/local-access.ts';
import { scheduleDailyBackup } from './modules/backups/schedule.ts';
import { scheduleDailyMaintenance } from './modules/maintenance/daily.ts';
import { type JobRunner, jobRunnerFor, type QueueRunner } from './modules/maintenance/jobs.ts';
import { Lifecycle, prepareDatabase } from './modules/ops/lifecycle.ts';
import { loggerOptions } from './modules/ops/logging.ts';
import { whereText, whereToOpen } from './modules/ops/where.ts';
import { scheduleLowStockAlerts } from './modules/stock/low-stock.service.ts';

async function main() {
  keepHeapTight();
  const config = loadConfig();
  const lifecycle = new Lifecycle('starting');
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      onPoolError: (err) =>
        console.error(
          JSON.stringify({ level: 50, time: Date.now(), msg: 'idle database client error', err: err.message }),
        ),
    });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const app = await buildApp({
    config,
    database,
    secret: resolveSecret(config.JWT_SECRET, config.dataDir),
    logger: loggerOptions(config),
    lifecycle,
  });
  // Node 20 still starts (README's `npm start` on machines that ship it), with one line (ADR 032).
  const unsupported = nodeVersionWarning();
  if (unsupported) app.log.warn({ node: process.version }, unsupported);

  let closing = false;
  /** Background work (ADR 024): started once the database is ready, stopped before it closes. */
  let jobs: (JobRunner & QueueRunner) | null = null;
  /** Removes DATA_DIR/local-admin.json (PGlite: how `npm run backup` reaches this server, ADR 033). */
  let unpublishLocalAdmin: (() => void) | null = null;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    lifecycle.phase = 'stopping';
    app.log.info({ signal, deadlineMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting with requests still in flight');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    let code = 0;
    try {
      // preClose ends the SSE streams; then the server stops accepting and waits for requests in flight.
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing the server');
      code = 1;
    }
    try {
      await jobs?.stop();
    } catch (err) {
      app.log.error({ err }, 'error while stopping the job runner');
    }
    unpublishLocalAdmin?.();
    try {
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing the database');
      code = 1;
    }
    app.log.info({ code }, 'stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (database.kind === 'pglite') {
    // This process holds the embedded database: `npm run backup` asks it, on this machine only,
    // with this start's token (modules/backups/local-access.ts, ADR 033).
    const bound = app.server.address();
    const port = typeof bound === 'object' && bound ? bound.port : config.PORT;
    unpublishLocalAdmin = publishLocalAdmin(config.dataDir, {
      pid: process.pid,
      url: localUrlOf(config.HOST, port),
      token: app.deps.services.backups.localToken,
    });
  }
  try {
    await prepareDatabase({
      database,
      lifecycle,
      seed: {
        demo: config.DEMO,
        adminEmail: config.ADMIN_EMAIL,
        adminPassword: config.ADMIN_PASSWORD,
        production: config.NODE_ENV === 'production',
        log: (msg) => app.log.info(msg),
        warn: (msg) => app.log.warn(msg),
      },
      log: app.log,
      stopped: () => closing,
    });
  } catch (err) {
    if (closing) return;
    app.log.fatal({ err }, 'could not prepare the database');
    unpublishLocalAdmin?.();
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  if (closing) return;
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const open = whereToOpen({ host: config.HOST, port, publicUrl: config.PUBLIC_URL });
  app.log.info({ urls: open.lines.map((l) => l.trim()) }, `AquaDesk is serving on ${where}`);
  // For the person at the screen: on stderr, so stdout stays one JSON object per line; the QR
  // code only on a terminal (a journal or a log file gets the addresses alone).
  process.stderr.write(await whereText(open, { qr: process.stderr.isTTY === true }));
  // After the addresses are printed: on PostgreSQL pg-boss first creates its schema, which must
  // not hold back telling the person at the screen where to open the app.
  if (closing) return;
  // MAINTENANCE_SCHEDULER=off: this process runs no daily job at all (the backup's included).
  if (config.MAINTENANCE_SCHEDULER) {
    // The daily maintenance run (issue 21): pg-boss on PostgreSQL (once across every process),
    // croner in this process on PGlite. A failing runner is logged; the app keeps serving.
    jobs = jobRunnerFor(config.DATABASE_URL, (job, err) => app.log.error({ err, job }, 'background job failed'));
    await scheduleDailyMaintenance(jobs, config, database.db, app.log, app.deps.services.requests);
    // The daily backup (issue 32, ADR 033) at BACKUP_AT on the same runner; BACKUP_AT=off: none.
    if (!closing) await scheduleDailyBackup(jobs, config, app.deps.services.backups, app.log);
    // The daily low-stock notice (issue 37, ADR 049) at MAINTENANCE_RUN_AT on the same runner.
    if (!closing) await scheduleLowStockAlerts(jobs, config, app.deps.services.lowStockAlerts, app.log);
    // Customer messages (issue 35, ADR 046): the outbox's deliverer, polled and woken by each event.
    if (!closing) {
      const runner = jobs;
      const { messageDelivery, setMessageWake } = app.deps.services;
      try {
        await runner.every(MESSAGE_JOB, config.MESSAGE_POLL_SECONDS, () => messageDelivery.deliverDue());
        setMessageWake(() => runner.trigger(MESSAGE_JOB));
        app.log.info(
          { job: MESSAGE_JOB, pollSeconds: config.MESSAGE_POLL_SECONDS },
          'customer messages delivery started',
        );
      } catch (err) {
        // Only when stopping (the runner retries while the database is away): never a crash.
        if (!closing) app.log.error({ err }, 'could not start the delivery of customer messages');
      }
    }
  }
}

/** The job runner's name of the outbox's deliverer. */
const MESSAGE_JOB = 'messages.deliver';

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
