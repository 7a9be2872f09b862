/**
 * What the command-line scripts (`npm run backup`, `npm run restore`, `npm run migrate-to-postgres`)
 * share. The backup format and its file work live in the server, src/server/modules/backups/
 * (layout.ts, writer.ts: the one copy the running server and the scripts both use, ADR 033); this
 * file re-exports them under the names the scripts use and adds how a script ends.
 */
import { BackupError } from '#server/modules/backups/layout.ts';

export {
  BackupError as UserError,
  type Counts,
  copyTreeSync as copyTree,
  isEmptyDir,
  libpqTarget,
  MANIFEST,
  type Manifest,
  MEDIA,
  PG_DUMP,
  PGLITE_DUMP,
  runTool,
  SECRET,
} from '#server/modules/backups/layout.ts';
export { countRows } from '#server/modules/backups/repository.ts';

/** Runs a script's main: a UserError (BackupError) prints its message and exits 1; anything else its stack. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof BackupError ? `Error: ${err.message}` : err);
      process.exit(1);
    },
  );
}
