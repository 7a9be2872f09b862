/** Backups as they ended (issue 32 item 4, ADR 033): the System page's list. */
import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { BackupStatus, BackupTrigger } from '#shared/contracts/backups.ts';
import { id, tstz } from './columns.ts';
import { users } from './people.ts';

export const backups = pgTable(
  'backups',
  {
    id: id(),
    /** daily (the job runner), manual (the System page's "Back up now"), cli (`npm run backup`). */
    trigger: text().$type<BackupTrigger>().notNull(),
    status: text().$type<BackupStatus>().notNull(),
    startedAt: tstz().notNull(),
    finishedAt: tstz().notNull(),
    durationMs: integer().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull().default(0),
    /** The backup's directory; null when it failed before it had one. */
    path: text(),
    error: text(),
    /** The Super Admin who pressed "Back up now". */
    requestedById: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.startedAt), index().on(t.requestedById)],
);
