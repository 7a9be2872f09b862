/** Server-side paging: the body stays a JSON array, the total goes in X-Total-Count. */
import type { FastifyReply } from 'fastify';
import type { PageQuery } from '#shared/contracts/common.ts';
import { CAPPED_HEADER, DEFAULT_PAGE_SIZE, TOTAL_HEADER, UNPAGED_CAP } from '#shared/domain/constants.ts';

type Paging = Pick<PageQuery, 'page' | 'pageSize'>;

export interface Window {
  limit: number;
  offset: number;
  /** Set when the caller sent no paging and the list stops at this many rows (ADR 017). */
  cap?: number;
}

/** True when the caller sent neither `page` nor `pageSize`: the spec's client, paging in the browser. */
export function isUnpaged(q: Paging): boolean {
  return q.page === undefined && q.pageSize === undefined;
}

/** The page asked for; a missing `page` is 1, a missing `pageSize` DEFAULT_PAGE_SIZE. */
export function pageWindow(q: Paging): { limit: number; offset: number } {
  const size = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit: size, offset: ((q.page ?? 1) - 1) * size };
}

/**
 * The rows a list that can be huge answers: the page asked for, or without paging the first
 * UNPAGED_CAP in the list's order (ADR 017). Send the total with `sendTotal(reply, total, window)`.
 */
export function cappedWindow(q: Paging, cap = UNPAGED_CAP): Window {
  return isUnpaged(q) ? { limit: cap, offset: 0, cap } : pageWindow(q);
}

/**
 * The rows of a list that stays small enough to answer whole (users): the page asked for, or
 * undefined for everything.
 */
export function wholeOrPage(q: Paging): { limit: number; offset: number } | undefined {
  return isUnpaged(q) ? undefined : pageWindow(q);
}

/**
 * X-Total-Count: every row the caller may see. When an unpaged answer stopped at its cap, the
 * CAPPED_HEADER says so (value: the cap), so a client knows the array is not the whole list.
 */
export function sendTotal(reply: FastifyReply, total: number, window?: Window): void {
  reply.header(TOTAL_HEADER, String(total));
  if (window?.cap !== undefined && total > window.cap) reply.header(CAPPED_HEADER, String(window.cap));
}

/** Escape LIKE wildcards in a user's search term and wrap it for a contains-match. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Up to this many matches, a search's page is taken by sorting the matches (found through the
 * trigram index); above it, by walking the newest-first index until the page is full.
 *
 * The planner alone chose badly: for "aarav pillay" it expected 181 matches (trigrams shared with
 * "pillai") and walked the created_at index for the first 10, but there were 9, so it read the
 * whole table: 37 ms at 16k requests, seconds at a million. The count, which the list needs for
 * X-Total-Count anyway, runs first through the trigram index and tells which way is cheap.
 */
export const SORT_MATCHES_UP_TO = 2000;
