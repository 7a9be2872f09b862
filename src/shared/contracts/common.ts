import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../domain/constants.ts';

export const idParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
export type IdParams = z.infer<typeof idParams>;

/**
 * A list's paging. With `page` or `pageSize` the list answers that page (the other defaults to 1
 * or DEFAULT_PAGE_SIZE); with neither it answers the whole list the caller may see, capped at
 * UNPAGED_CAP for the lists that can be huge (ADR 017, `lib/paging.ts`).
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  search: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const errorCodes = [
  'NOT_FOUND',
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'VALIDATION',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBody = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ message: z.string() });

/** A name+id reference as the spec's entities embed them. */
export const nameRef = z.object({ name: z.string() });
export const idNameRef = z.object({ id: z.string(), name: z.string() });

/** Optional text that arrives as '' from forms: '' and null become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * When the technician did it, by the phone's clock (ISO 8601 with a zone; ADR 027): the offline
 * queue sends it with every technician write. An addition: the spec's client sends none.
 * Malformed is a 400; a well-formed time more than CLIENT_TIME_MAX_AGE_HOURS old or in the future
 * is replaced by the server's time (server/lib/client-time.ts).
 */
export const CLIENT_TIME_INVALID = 'clientTime must be an ISO 8601 date and time with a time zone';
export const CLIENT_TIME_MAX_AGE_HOURS = 72;
export const clientTime = z.iso.datetime({ offset: true, error: CLIENT_TIME_INVALID }).optional();
