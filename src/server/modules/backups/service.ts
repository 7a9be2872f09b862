/**
 * Backups while the server runs (issue 32 item 4, ADR 033): the daily backup, the System page's
 * "Back up now" and the backup `npm run backup` asks a running server for. One at a time per
 * process; each is recorded as it ends (the `backups` table), rotated in BACKUP_DIR, and a failure
 * notifies the Super Admins.
 */
import type { Config } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { nextDaily } from '#server/lib/daily.ts';
import { AppError, conflict } from '#server/lib/errors.ts';
import { renderNotification } from '#server/lib/i18n.ts';
import { publish } from '#server/lib/push-channel.ts';
import {
  BACKUPS_LISTED,
  type BackupItem,
  type BackupOverview,
  type BackupTrigger,
  type LocalBackupResult,
} from '#shared/contracts/backups.ts';
import { DEFAULT_LOCALE } from '#shared/i18n/locales.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { diskOf, nextBackupDir, rotate } from './layout.ts';
import { newLocalToken } from './local-access.ts';
import * as repo from './repository.ts';
import { type WrittenBackup, writeBackup } from './writer.ts';

/** The settings of BACKUP_* and DATA_DIR (config.ts), as the server and `npm run backup` read them. */
export function backupSettingsOf(
  config: Pick<Config, 'dataDir' | 'backupDir' | 'BACKUP_KEEP' | 'BACKUP_AT' | 'TZ'>,
): BackupSettings {
  return {
    dataDir: config.dataDir,
    backupDir: config.backupDir,
    keep: config.BACKUP_KEEP,
    at: config.BACKUP_AT,
    timeZone: config.TZ,
  };
}

export interface BackupSettings {
  dataDir: string;
  /** BACKUP_DIR, resolved. */
  backupDir: string;
  keep: number;
  /** BACKUP_AT (HH:MM), or null when off. */
  at: string | null;
  timeZone: string;
}

/** The part of the app's logger used here (the CLI passes its own). */
export interface BackupLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The notification's key (the `server` catalogue). */
export const BACKUP_FAILED = 'backups.failed';
/** The longest error text kept and sent (pg_dump can say a lot). */
const MAX_ERROR = 2000;

export class BackupService {
  private running: { trigger: BackupTrigger; startedAt: Date } | null = null;
  /** This start's token for the local route (published in DATA_DIR/local-admin.json by main.ts). */
  readonly localToken = newLocalToken();

  constructor(
    private readonly db: Db,
    private readonly database: Database,
    private readonly settings: BackupSettings,
    private readonly log: BackupLog,
  ) {}

  /** The System page: the backup running now, the last ones, the schedule, BACKUP_DIR's free space. */
  async overview(): Promise<BackupOverview> {
    const { at, timeZone, keep, backupDir } = this.settings;
    const [rows, disk] = await Promise.all([repo.latestBackups(this.db, BACKUPS_LISTED), diskOf(backupDir)]);
    return {
      running: this.running ? { ...this.running } : null,
      items: rows.map(toItem),
      schedule: {
        at,
        timeZone,
        next: at ? nextDaily(at, timeZone) : null,
        keep,
        dir: backupDir,
      },
      disk,
    };
  }

  /** "Back up now" (a Super Admin): into BACKUP_DIR; a failure is a 500 with its reason, and recorded. */
  async backUpNow(actor: Actor, ip: string | null): Promise<BackupItem> {
    const { item, error } = await this.run('manual', undefined, { id: actor.id, email: actor.email, ip });
    if (error) throw new AppError('INTERNAL', ERR.backupFailed({ error: item.error ?? '' }));
    return item;
  }

  /** What `npm run backup` asked a running server for: into `out`, or BACKUP_DIR when none is given. */
  async forCli(out: string | undefined): Promise<LocalBackupResult> {
    const { item, written, error } = await this.run('cli', out, null);
    if (error || !written) throw new AppError('INTERNAL', ERR.backupFailed({ error: item.error ?? '' }));
    return {
      dir: written.dir,
      manifest: { ...written.manifest, counts: { ...written.manifest.counts } },
      sizeBytes: written.sizeBytes,
      durationMs: item.durationMs,
    };
  }

  /** The daily job: a backup already running (someone pressed "Back up now") stands for today's. */
  async daily(): Promise<BackupItem | null> {
    if (this.running) {
      this.log.warn({ running: this.running }, 'daily backup skipped: a backup is already running');
      return null;
    }
    return (await this.run('daily', undefined, null)).item;
  }

  /**
   * One backup, start to end: written, recorded, rotated (only into BACKUP_DIR, only after a
   * success), a failure notified. Never throws for a failed backup: the caller decides what it says.
   */
  private async run(
    trigger: BackupTrigger,
    out: string | undefined,
    by: { id: string; email: string; ip: string | null } | null,
  ): Promise<{ item: BackupItem; written?: WrittenBackup; error?: unknown }> {
    if (this.running) throw conflict(ERR.backupRunning);
    const startedAt = new Date();
    this.running = { trigger, startedAt };
    const dir = out ?? nextBackupDir(this.settings.backupDir, startedAt);
    let written: WrittenBackup | undefined;
    let error: unknown;
    try {
      written = await writeBackup(this.database, this.settings.dataDir, dir, trigger);
    } catch (err) {
      error = err;
    } finally {
      this.running = null;
    }
    const finishedAt = new Date();
    const message = error ? errorText(error) : null;
    const record = {
      trigger,
      status: error ? ('failed' as const) : ('succeeded' as const),
      startedAt,
      finishedAt,
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      sizeBytes: written?.sizeBytes ?? 0,
      path: written?.dir ?? null,
      error: message,
      requestedById: by?.id ?? null,
    };
    let row: repo.BackupRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const saved = await repo.insertBackup(tx, record);
        await audit(tx, {
          actorId: by?.id ?? null,
          actorEmail: by?.email ?? null,
          action: 'backup.run',
          entityType: 'backup',
          entityId: saved.id,
          ip: by?.ip ?? null,
          outcome: error ? 'failed' : 'ok',
          details: { trigger, path: saved.path, sizeBytes: saved.sizeBytes, durationMs: saved.durationMs },
        });
        if (message !== null) await this.notifyFailure(tx, startedAt, message);
        return saved;
      });
    } catch (err) {
      // The backup itself stands (a database not yet migrated to this version has no `backups`
      // table: `npm run backup` before the upgraded server first started); only its record is lost.
      this.log.error({ err, trigger, dir }, 'could not record the backup');
      row = { id: '', ...record };
    }
    if (error) {
      this.log.error({ err: error, trigger, dir }, 'backup failed');
    } else {
      this.log.info({ trigger, dir, sizeBytes: row.sizeBytes, durationMs: row.durationMs }, 'backup written');
      if (!out) await this.rotate();
    }
    return { item: toItem(row), written, error };
  }

  /** BACKUP_DIR keeps its newest BACKUP_KEEP backups; a failure to delete is logged, not fatal. */
  private async rotate(): Promise<void> {
    try {
      const removed = await rotate(this.settings.backupDir, this.settings.keep);
      if (removed.length > 0) this.log.info({ removed, keep: this.settings.keep }, 'old backups deleted');
    } catch (err) {
      this.log.warn({ err }, 'could not delete old backups');
    }
  }

  /** Every active Super Admin is told, in the record's transaction (delivered on commit). */
  private async notifyFailure(tx: Parameters<Parameters<Db['transaction']>[0]>[0], at: Date, error: string) {
    const to = await repo.superAdminIds(tx);
    if (to.length === 0) return;
    const params = { at: formatAt(at, this.settings.timeZone), error };
    const message = renderNotification(DEFAULT_LOCALE, BACKUP_FAILED, params);
    await repo.insertNotifications(
      tx,
      to.map((toUserId) => ({
        toUserId,
        senderId: null,
        message,
        event: 'backupFailed',
        messageKey: BACKUP_FAILED,
        messageParams: params,
      })),
    );
    await publish(tx, to);
  }
}

function toItem(r: repo.BackupRow): BackupItem {
  return {
    id: r.id,
    trigger: r.trigger,
    status: r.status,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    durationMs: r.durationMs,
    sizeBytes: Number(r.sizeBytes),
    path: r.path,
    error: r.error,
  };
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR)}…` : text;
}

/** 29/11/2026, 02:00 in the shop's time zone: digits read the same in every language. */
function formatAt(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}
