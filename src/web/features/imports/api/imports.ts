/**
 * The import's calls (issue 34 item 2, ADR 040): a dry run or the import itself (multipart, with
 * the upload's progress), the file back with an Errors column and the templates (downloads).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DuplicateChoice, ImportKind, ImportResult } from '#shared/contracts/imports.ts';
import { currentLocale } from '#web/i18n/current.ts';
import { buildUrl, refreshAccessToken, toApiError, upload } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { session } from '#web/lib/session.ts';

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  dryRun: boolean;
  /** The file's header → a field, or '' to leave the column out (only what the reader changed). */
  mapping: Record<string, string>;
  onDuplicate: DuplicateChoice;
  /** Row number → its own choice. */
  choices: Record<string, DuplicateChoice>;
}

function formOf(r: Omit<ImportRequest, 'dryRun'> & { dryRun?: boolean }): FormData {
  const form = new FormData();
  // The fields first, then the file.
  if (r.dryRun !== undefined) form.append('dryRun', String(r.dryRun));
  form.append('onDuplicate', r.onDuplicate);
  if (Object.keys(r.mapping).length) form.append('mapping', JSON.stringify(r.mapping));
  if (Object.keys(r.choices).length) form.append('duplicateChoices', JSON.stringify(r.choices));
  form.append('file', r.file, r.file.name);
  return form;
}

export function runImport(r: ImportRequest, fallback: string): Promise<ImportResult> {
  return upload<ImportResult>(`/imports/${r.kind}`, formOf(r), { fallback });
}

/** A dry run: what the import would do, every row's errors. */
export function useCheckImport(fallback: string) {
  return useMutation({ mutationFn: (r: Omit<ImportRequest, 'dryRun'>) => runImport({ ...r, dryRun: true }, fallback) });
}

/** The import itself; the customer lists and units show what it wrote. */
export function useImport(fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (r: Omit<ImportRequest, 'dryRun'>) => runImport({ ...r, dryRun: false }, fallback),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.customers });
      void queryClient.invalidateQueries({ queryKey: queryRoots.customerUnits });
    },
  });
}

/** The file name a Content-Disposition header gives (its UTF-8 form first). */
function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Fetch a file with the session's bearer token (one refresh on a 401) and hand it to the browser. */
async function download(
  path: string,
  init: { method: 'GET' | 'POST'; body?: () => FormData },
  name: string,
  fallback: string,
) {
  const attempt = async (token: string | null) => {
    try {
      return await fetch(buildUrl(path), {
        method: init.method,
        credentials: 'include',
        headers: { 'Accept-Language': currentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: init.body?.(),
      });
    } catch {
      throw toApiError(0, null, fallback);
    }
  };
  let res = await attempt(session.get().accessToken);
  if (res.status === 401) {
    const token = await refreshAccessToken();
    if (!token) throw toApiError(401, null, fallback);
    res = await attempt(token);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw toApiError(res.status, body, fallback);
  }
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(res.headers.get('content-disposition'), name);
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function downloadTemplate(kind: ImportKind, format: 'csv' | 'xlsx', fallback: string) {
  return download(
    `/imports/${kind}/template?format=${format}`,
    { method: 'GET' },
    `${kind}-template.${format}`,
    fallback,
  );
}

/** The chosen file back with an Errors column, read with the same columns. */
export function downloadErrorsCopy(r: Omit<ImportRequest, 'dryRun'>, fallback: string) {
  return download(`/imports/${r.kind}/errors`, { method: 'POST', body: () => formOf(r) }, `${r.kind}-errors`, fallback);
}
