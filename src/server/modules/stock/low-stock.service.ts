/**
 * The daily low-stock notice (issue 37 item 5, ADR 049): each open store's part at or below its
 * reorder level is told to the store's Service Managers (else the Service Admins) once per
 * crossing: `low_notified_at` is set with the notice, and the ledger's trigger clears it when the
 * stock is back above the level, so the next fall is told again. `scheduleLowStockAlerts` puts it
 * on the job runner at MAINTENANCE_RUN_AT in TZ (as the maintenance run and the backup).
 */
import type { Db } from '#server/db/client.ts';
import * as repo from './low-stock.repository.ts';
import { tellLowStock } from './notify.ts';

export const LOW_STOCK_JOB = 'stock-low-daily';
/** Balances told per transaction. */
const BATCH = 200;

export class LowStockAlerts {
  constructor(private readonly db: Db) {}

  /** Tells every untold crossing; answers how many balances were told. */
  async run(): Promise<{ told: number; notifications: number }> {
    let told = 0;
    let notifications = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const rows = await repo.untoldLow(tx, BATCH);
        for (const r of rows) {
          notifications += (
            await tellLowStock(tx, {
              store: r.store,
              regionId: r.regionId,
              sku: r.sku,
              part: r.part,
              onHand: r.onHand,
              level: r.level,
            })
          ).length;
        }
        await repo.markTold(tx, rows);
        return rows.length;
      });
      told += batch;
      if (batch < BATCH) return { told, notifications };
    }
  }
}

/** What this needs of the job runner (modules/maintenance/jobs.ts `JobRunner`). */
export interface DailyJobs {
  daily(name: string, at: string, timeZone: string, handler: () => Promise<unknown>): Promise<Date | null>;
}

export interface LowStockLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Schedules the daily low-stock notice at MAINTENANCE_RUN_AT. A runner that cannot schedule is
 * logged and the app keeps serving; answers the next run, or null.
 */
export async function scheduleLowStockAlerts(
  jobs: DailyJobs,
  config: { MAINTENANCE_RUN_AT: string; TZ: string },
  alerts: Pick<LowStockAlerts, 'run'>,
  log: LowStockLog,
): Promise<Date | null> {
  try {
    const next = await jobs.daily(LOW_STOCK_JOB, config.MAINTENANCE_RUN_AT, config.TZ, async () => {
      const result = await alerts.run();
      log.info({ job: LOW_STOCK_JOB, ...result }, 'low-stock notices sent');
    });
    log.info(
      { at: config.MAINTENANCE_RUN_AT, tz: config.TZ, next: next?.toISOString() ?? null },
      'daily low-stock notice scheduled',
    );
    return next;
  } catch (err) {
    log.error({ err }, 'could not schedule the daily low-stock notice');
    return null;
  }
}
