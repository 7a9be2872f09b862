/** Server-side paging: the body stays a JSON array, the total goes in X-Total-Count. */
import type { FastifyReply } from 'fastify';
import type { PageQuery } from '#shared/contracts/common.ts';
import { TOTAL_HEADER } from '#shared/domain/constants.ts';

export function pageWindow(q: Pick<PageQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

export function sendTotal(reply: FastifyReply, total: number): void {
  reply.header(TOTAL_HEADER, String(total));
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
