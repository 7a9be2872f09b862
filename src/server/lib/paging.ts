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
