/**
 * The QR page's two calls (no account, no token, no cookie): GET /api/public/units/:code and
 * POST /api/public/units/:code/requests, each answer turned into what the page shows. The page's
 * language goes as Accept-Language, so the server's messages (a 429's, a field's) come back in it.
 */
import type { PublicRequestCreated, PublicUnit } from '#shared/contracts/public-units.ts';
import type { RequestBody } from './form.ts';

/** A call that has not answered in this long is taken as no connection (a phone on a weak signal). */
const TIMEOUT_MS = 30_000;

export type Loaded =
  | { kind: 'ok'; unit: PublicUnit }
  | { kind: 'notFound' }
  | { kind: 'limited'; message: string | null }
  /** No answer (`network`), or an answer the page cannot use (a 5xx). */
  | { kind: 'failed'; network: boolean };

export interface FieldFault {
  field: string;
  message: string;
}

export type Sent =
  | { kind: 'created'; created: PublicRequestCreated }
  | { kind: 'invalid'; message: string | null; errors: FieldFault[] }
  | { kind: 'notFound' }
  | { kind: 'limited'; message: string | null }
  | { kind: 'failed'; network: boolean };

const base = (code: string) => `/api/public/units/${encodeURIComponent(code)}`;

async function call(url: string, locale: string, init: RequestInit = {}): Promise<Response | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    return await fetch(url, {
      ...init,
      credentials: 'omit',
      cache: 'no-store',
      signal: abort.signal,
      headers: { Accept: 'application/json', 'Accept-Language': locale, ...init.headers },
    });
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

async function json(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const messageOf = (body: Record<string, unknown>) =>
  typeof body.message === 'string' && body.message.trim() ? body.message : null;

/** The field errors of a 400 (`path`, as the server's error handler names them; `field` too). */
export function faultsOf(body: Record<string, unknown>): FieldFault[] {
  if (!Array.isArray(body.errors)) return [];
  const out: FieldFault[] = [];
  for (const e of body.errors as unknown[]) {
    if (!e || typeof e !== 'object') continue;
    const { path, field, message } = e as Record<string, unknown>;
    const name = typeof path === 'string' ? path : typeof field === 'string' ? field : null;
    if (name !== null && typeof message === 'string') out.push({ field: name, message });
  }
  return out;
}

export async function loadUnit(code: string, locale: string): Promise<Loaded> {
  const res = await call(base(code), locale);
  if (!res) return { kind: 'failed', network: true };
  if (res.ok) {
    const unit = (await json(res)) as unknown as PublicUnit;
    return unit && typeof unit.serviceName === 'string' ? { kind: 'ok', unit } : { kind: 'failed', network: false };
  }
  if (res.status === 404) return { kind: 'notFound' };
  if (res.status === 429) return { kind: 'limited', message: messageOf(await json(res)) };
  return { kind: 'failed', network: false };
}

export async function sendRequest(code: string, locale: string, body: RequestBody): Promise<Sent> {
  const res = await call(`${base(code)}/requests`, locale, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res) return { kind: 'failed', network: true };
  const answer = await json(res);
  if (res.ok) {
    return typeof answer.ticketNumber === 'string'
      ? { kind: 'created', created: answer as unknown as PublicRequestCreated }
      : { kind: 'failed', network: false };
  }
  if (res.status === 404) return { kind: 'notFound' };
  if (res.status === 429) return { kind: 'limited', message: messageOf(answer) };
  if (res.status === 400) return { kind: 'invalid', message: messageOf(answer), errors: faultsOf(answer) };
  return { kind: 'failed', network: false };
}
