/**
 * The job sheet page's one call (no account, no token, no cookie): GET /api/public/job-sheets/:token,
 * its answer turned into what the page shows. The page's language goes as Accept-Language, so a
 * refusal's words come back in it.
 */
import type { PublicJobSheet } from '#shared/contracts/job-sheets.ts';

/** A call that has not answered in this long is taken as no connection (a phone on a weak signal). */
const TIMEOUT_MS = 30_000;

export type Loaded =
  | { kind: 'ok'; sheet: PublicJobSheet }
  | { kind: 'notFound' }
  | { kind: 'limited'; message: string | null }
  /** No answer (`network`), or an answer the page cannot use (a 5xx). */
  | { kind: 'failed'; network: boolean };

export const sheetUrl = (token: string) => `/api/public/job-sheets/${encodeURIComponent(token)}`;
export const pdfUrl = (token: string) => `${sheetUrl(token)}/pdf`;

export async function loadSheet(token: string, locale: string): Promise<Loaded> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(sheetUrl(token), {
      credentials: 'omit',
      cache: 'no-store',
      signal: abort.signal,
      headers: { Accept: 'application/json', 'Accept-Language': locale },
    });
  } catch {
    return { kind: 'failed', network: true };
  } finally {
    clearTimeout(timer);
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: handled by the status below.
  }
  if (res.ok) {
    return typeof body.ticketNumber === 'string'
      ? { kind: 'ok', sheet: body as unknown as PublicJobSheet }
      : { kind: 'failed', network: false };
  }
  if (res.status === 404) return { kind: 'notFound' };
  if (res.status === 429) {
    return { kind: 'limited', message: typeof body.message === 'string' && body.message.trim() ? body.message : null };
  }
  return { kind: 'failed', network: false };
}
