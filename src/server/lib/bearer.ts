/** The bearer token of a request's Authorization header, or null. One reader for the guard and the refusal audit. */
import type { FastifyRequest } from 'fastify';

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
  return token;
}
