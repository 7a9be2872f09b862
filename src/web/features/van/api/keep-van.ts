/**
 * Reading ahead for the Complete Work dialog (issue 37): a technician's task page fetches the van
 * and the catalogue's first page while there is signal, so both are kept on the phone (read
 * cache) and the dialog's parts picker has them when the job is completed without signal.
 */
import { usePartSearch } from './parts.ts';
import { useVan } from './van.ts';

export function useKeepVanAhead(enabled: boolean): void {
  useVan(enabled);
  usePartSearch('', enabled);
}
