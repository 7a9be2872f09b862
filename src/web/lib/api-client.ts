/**
 * The one way the web app talks to the API (spec section 7 and the error catalogue of section 8).
 *
 *   api<T>(path, opts)       → T                    JSON call under '/api'
 *   apiList<T>(path, opts)   → { items: T[], total } a list with its X-Total-Count
 *   upload<T>(path, form, { onProgress }) → T       multipart upload with progress (XMLHttpRequest)
 *   errorMessage(err, fallback) → string            what a toast should say
 *
 * Rules:
 * - Base '/api', cookies included, JSON bodies.
 * - The stored access token goes as a Bearer header on every call except the public ones
 *   (public-calls.ts: login and register, registered by session.ts; the status page's checks).
 * - On a 401 from any call but a public one (login, register, refresh), the client refreshes once
 *   (POST /api/auth/refresh with the stored userId, plus the httpOnly cookie), stores the new token
 *   and replays the call once. Concurrent 401s share one in-flight refresh. When no user id is
 *   stored or the refresh fails, the session is cleared and the browser goes to /login.
 * - On a page that needs no account (the policy table's PUBLIC_ROUTES: /status), a 401 is passed
 *   on: no refresh, no end of the session, no /login.
 * - Failures become `ApiError { status, code, message, errors }`; the server's message wins, else
 *   the caller's `fallback` (the spec's text for that call), else the client's own words for no
 *   answer or a bare status, in the app's language (`common:apiError.*`, issue 33).
 */
import type { AuthUser } from '#shared/contracts/auth.ts';
import type { ErrorCode } from '#shared/contracts/common.ts';
import { TOTAL_HEADER } from '#shared/domain/constants.ts';
import { isPublicPath } from '#shared/domain/permissions.ts';
import { currentLocale, renderShellText } from '#web/i18n/current.ts';
import { reportStatus } from './connectivity.ts';
import { publicCallOf } from './public-calls.ts';
import { session } from './session.ts';

export const API_BASE = '/api';

export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';
export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: FieldError[];
  constructor(status: number, code: ApiErrorCode, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (objects are serialised; FormData is sent as is). */
  body?: unknown;
  /** Query parameters; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  /** The spec's fallback text for this call, used when the server sends no message. */
  fallback?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Is the page on screen one that needs no account? Its calls' 401s end no session. */
const onPublicPage = () => typeof window !== 'undefined' && isPublicPath(window.location.pathname);

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * The client's words for a failure nobody described (issue 33): the `common` catalogue's, in the
 * app's language through the shell's renderer (i18next stays out of the initial JavaScript,
 * ADR 022); English until the catalogues are in.
 */
function clientMessage(status: number): string {
  const key = status === 0 ? 'apiError.network' : 'apiError.status';
  const text = renderShellText(currentLocale(), 'common', key, { status });
  if (text !== key) return text;
  return status === 0
    ? 'No connection to AquaDesk. Check your network.'
    : `AquaDesk could not do this (error ${status}).`;
}

/** Turn an error body (or none) into an ApiError. */
export function toApiError(status: number, body: unknown, fallback?: string): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; code?: unknown; errors?: unknown };
  const message = typeof b.message === 'string' && b.message.trim() ? b.message : (fallback ?? clientMessage(status));
  const code = typeof b.code === 'string' ? (b.code as ApiErrorCode) : status === 0 ? 'NETWORK' : 'UNKNOWN';
  const errors = Array.isArray(b.errors)
    ? b.errors.filter(
        (e): e is FieldError =>
          !!e && typeof e === 'object' && typeof e.path === 'string' && typeof e.message === 'string',
      )
    : [];
  return new ApiError(status, code, message, errors);
}

/** What to show for a failed call: the error's message, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message || fallback;
  return fallback;
}

// ---- the session end -----------------------------------------------------------------------

let onSessionEnd: () => void = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
};

/** The router registers a client-side navigation to /login here. */
export function setSessionEndHandler(handler: () => void) {
  onSessionEnd = handler;
}

function endSession() {
  session.clear();
  onSessionEnd();
}

// ---- single-flight refresh ---------------------------------------------------------------

let refreshing: Promise<string | null> | null = null;

async function doRefresh(): Promise<string | null> {
  const userId = session.userId();
  if (!userId) return null;
  try {
    const res = await fetch(buildUrl('/auth/refresh'), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ userId }),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { accessToken?: unknown; user?: AuthUser };
    if (typeof body.accessToken !== 'string') return null;
    if (body.user && typeof body.user.id === 'string') session.set(body.user, body.accessToken);
    else session.setToken(body.accessToken);
    return body.accessToken;
  } catch {
    return null;
  }
}

/**
 * Get a fresh access token, sharing one refresh among every caller that asks while it runs.
 * Resolves null (after clearing the session and leaving for /login) when it cannot.
 */
export function refreshAccessToken(): Promise<string | null> {
  if (!refreshing) {
    refreshing = doRefresh()
      .then((token) => {
        if (!token) endSession();
        return token;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

/**
 * After a 401 on a call sent with `usedToken`: the token to replay with, or null.
 * When another call already refreshed meanwhile, its token is reused instead of refreshing again.
 */
async function tokenForRetry(usedToken: string | null): Promise<string | null> {
  if (refreshing) return refreshing;
  const current = session.get().accessToken;
  if (current && current !== usedToken) return current;
  return refreshAccessToken();
}

// ---- fetch ---------------------------------------------------------------------------------

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }
  return text;
}

async function send(path: string, opts: ApiOptions): Promise<{ body: unknown; headers: Headers }> {
  const url = buildUrl(path, opts.query);
  const publicCall = publicCallOf(path);
  const bearer = !publicCall || publicCall.bearer;
  const refreshable = !publicCall && !onPublicPage();

  const attempt = async (token: string | null) => {
    // The server answers its errors and notifications in the app's language (ADR 022).
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': currentLocale(),
      ...opts.headers,
    };
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (bearer && token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetch(url, {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        credentials: 'include',
        headers,
        body,
        signal: opts.signal,
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      reportStatus(0);
      throw toApiError(0, null, opts.fallback);
    }
  };

  const firstToken = session.get().accessToken;
  let res = await attempt(firstToken);
  if (res.status === 401 && refreshable) {
    const token = await tokenForRetry(firstToken);
    if (!token) throw toApiError(401, await readBody(res), opts.fallback);
    res = await attempt(token);
  }
  reportStatus(res.status);
  const body = await readBody(res);
  if (!res.ok) throw toApiError(res.status, body, opts.fallback);
  return { body, headers: res.headers };
}

/** A JSON call under /api. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const { body } = await send(path, opts);
  return body as T;
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

/**
 * A list's query as our client sends it: always `page` and `pageSize`. Without them the server
 * answers the whole list, capped for the huge ones (that is for the spec's client, which pages in
 * the browser; ADR 017), so our screens never leave them out.
 */
export type PagedQuery = Record<string, QueryValue> & { page: number; pageSize: number };

/** A list call: the JSON array plus the X-Total-Count header (the array length when absent). */
export async function apiList<T>(path: string, opts: ApiOptions & { query: PagedQuery }): Promise<ListResult<T>> {
  const { body, headers } = await send(path, { ...opts, method: opts.method ?? 'GET' });
  const items = Array.isArray(body) ? (body as T[]) : [];
  const header = headers.get(TOTAL_HEADER);
  const total = header !== null && header !== '' && Number.isFinite(Number(header)) ? Number(header) : items.length;
  return { items, total };
}

// ---- upload with progress ------------------------------------------------------------------

export interface UploadOptions {
  /** Called with 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  fallback?: string;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
  /** Extra headers (the offline queue's Idempotency-Key). */
  headers?: Record<string, string>;
}

function xhrSend(
  url: string,
  form: FormData,
  token: string | null,
  opts: UploadOptions,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && opts.onProgress) opts.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      if (xhr.responseText) {
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => {
      reportStatus(0);
      reject(toApiError(0, null, opts.fallback));
    };
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** Multipart upload under /api with progress; same bearer and refresh rules as `api`. */
export async function upload<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const url = buildUrl(path);
  const firstToken = session.get().accessToken;
  let res = await xhrSend(url, form, firstToken, opts);
  if (res.status === 401 && !onPublicPage()) {
    const token = await tokenForRetry(firstToken);
    if (!token) throw toApiError(401, res.body, opts.fallback);
    opts.onProgress?.(0);
    res = await xhrSend(url, form, token, opts);
  }
  if (res.status < 200 || res.status >= 300) throw toApiError(res.status, res.body, opts.fallback);
  return res.body as T;
}
