/** The bearer token of a request's Authorization header, or null. One reader for the guard and the refusal audit. */
import type { FastifyRequest } from 'fastify';

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // "Bearer <token>", the scheme in any case, read without splitting (every call passes here).
  const space = header.indexOf(' ');
  if (space !== 6 || header.slice(0, 6).toLowerCase() !== 'bearer') return null;
  const end = header.indexOf(' ', 7);
  const token = end === -1 ? header.slice(7) : header.slice(7, end);
  return token || null;
}
