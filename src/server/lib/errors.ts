import type { ErrorCode } from '#shared/contracts/common.ts';
import { type CatalogueParam, type CatalogueText, ERR } from '#shared/i18n/server-messages.ts';

const STATUS: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  VALIDATION: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * What an error says: a catalogue entry (`ERR.…`, shared/i18n/server-messages.ts), which the
 * error handler renders in the reader's language. A plain string is a text outside the catalogue
 * (a test's, say): it is sent as written, in every language.
 */
export type ErrorText = CatalogueText | string;

/** A text's English, catalogue key and parameters (no key for a text outside the catalogue). */
interface Said {
  readonly message: string;
  readonly key?: string;
  readonly params?: Readonly<Record<string, CatalogueParam>>;
}

const said = (text: ErrorText): Said =>
  typeof text === 'string' ? { message: text } : { message: text.text, key: text.key, params: text.params };

/** A field's error in `errors[]`: the English `message` (as sent in English) and its catalogue key. */
export interface FieldError extends Said {
  readonly path: string;
}

/** The one error type the services throw; the error handler turns it into JSON. */
export class AppError extends Error {
  readonly statusCode: number;
  /** The catalogue key of `message` (undefined for a text outside the catalogue). */
  readonly key: string | undefined;
  readonly params: Readonly<Record<string, CatalogueParam>>;
  readonly errors?: FieldError[];
  constructor(
    readonly code: ErrorCode,
    text: ErrorText,
    errors?: { path: string; message: ErrorText }[],
  ) {
    const { message, key, params } = said(text);
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
    this.key = key;
    this.params = params ?? {};
    if (errors) this.errors = errors.map((e) => ({ path: e.path, ...said(e.message) }));
  }
}

export const notFound = (text: ErrorText = ERR.recordNotFound) => new AppError('NOT_FOUND', text);
export const forbidden = (text: ErrorText = ERR.forbidden) => new AppError('FORBIDDEN', text);
export const conflict = (text: ErrorText) => new AppError('CONFLICT', text);
export const unauthenticated = (text: ErrorText = ERR.authRequired) => new AppError('UNAUTHENTICATED', text);
export const invalid = (path: string, text: ErrorText) => new AppError('VALIDATION', text, [{ path, message: text }]);

/** PostgreSQL unique violation (23505), with the constraint name. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
/** PostgreSQL foreign-key violation (23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}

/** Drizzle wraps driver errors; find the one with a SQLSTATE. */
export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return { code: c.code, constraint: c.constraint };
    cur = c.cause;
  }
  return undefined;
}

/** The database is unreachable (connection refused, pool timeout, server shutting down). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof c.code === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08001'].includes(c.code)
    )
      return true;
    if (
      typeof c.message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|is not queryable/i.test(c.message)
    )
      return true;
    cur = c.cause;
  }
  return false;
}
