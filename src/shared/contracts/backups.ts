/**
 * Backups (issue 32 item 4, ADR 033): the System page's answer (the last backups, the one running,
 * the schedule and the free disk space) and "Back up now"; the local route `npm run backup` calls
 * while a server holds the embedded database.
 */
import { z } from 'zod';

export const BACKUP_TRIGGERS = ['daily', 'manual', 'cli'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];
export const BACKUP_STATUSES = ['succeeded', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** How many backups the System page lists, newest first. */
export const BACKUPS_LISTED = 30;

/** One backup as recorded when it ended. */
export const backupItem = z.object({
  id: z.string(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  startedAt: z.date().or(z.string()),
  finishedAt: z.date().or(z.string()),
  durationMs: z.number(),
  /** Bytes written (the database file, photos and key); 0 for a failed backup. */
  sizeBytes: z.number(),
  /** The backup's directory on the server (kept until BACKUP_KEEP rotates it out). */
  path: z.string().nullable(),
  /** Why it failed (the tool's or the system's words), null when it succeeded. */
  error: z.string().nullable(),
});
export type BackupItem = z.infer<typeof backupItem>;

export const backupOverview = z.object({
  /** The backup this process is writing now, if any. */
  running: z.object({ trigger: z.enum(BACKUP_TRIGGERS), startedAt: z.date().or(z.string()) }).nullable(),
  items: z.array(backupItem),
  schedule: z.object({
    /** HH:MM in `timeZone`, or null when BACKUP_AT=off. */
    at: z.string().nullable(),
    timeZone: z.string(),
    /** When the daily backup next runs (null: off). */
    next: z.date().or(z.string()).nullable(),
    keep: z.number(),
    dir: z.string(),
  }),
  /** BACKUP_DIR's file system (its nearest existing folder's); null when it cannot be read. */
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number() }).nullable(),
});
export type BackupOverview = z.infer<typeof backupOverview>;

/** "Back up now" takes no options (other keys are dropped, as every body's are). */
export const backupNowBody = z.object({});

/**
 * "Back up now" a Super Admin may press this often (then 429): each backup is the whole database
 * and its photos, and BACKUP_DIR keeps only BACKUP_KEEP of them, so a burst of presses would
 * push the daily backups out.
 */
export const MANUAL_BACKUPS = { max: 3, timeWindow: '10 minutes' } as const;

/** The local route's body (`npm run backup -- --out <dir>`): an absolute directory, or BACKUP_DIR's next. */
export const localBackupBody = z
  .object({
    out: z
      .string()
      .max(4096)
      .refine((v) => v.startsWith('/') || /^[A-Za-z]:[\\/]/.test(v), 'The backup directory must be an absolute path')
      .optional(),
  })
  .strict();

export const localBackupResult = z.object({
  dir: z.string(),
  manifest: z.object({
    database: z.enum(['pglite', 'postgres']),
    files: z.object({ database: z.string(), media: z.boolean(), secret: z.boolean() }),
    mediaFiles: z.number(),
    counts: z.record(z.string(), z.number()),
  }),
  sizeBytes: z.number(),
  durationMs: z.number(),
});
export type LocalBackupResult = z.infer<typeof localBackupResult>;

/** The header that carries the local route's token (DATA_DIR/local-admin.json). */
export const LOCAL_TOKEN_HEADER = 'x-aquadesk-local-token';
