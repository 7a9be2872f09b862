/**
 * Did this request reach the user over HTTPS? Decides the headers that only make sense on HTTPS
 * (Strict-Transport-Security, CSP `upgrade-insecure-requests`) and the refresh cookie's `Secure`
 * flag. Sending them over plain HTTP breaks the app at any address but `localhost`: the browser
 * rewrites every asset and API call to https:// and fails (issue 14, ADR 013).
 *
 * HTTPS when any of:
 * - PUBLIC_URL starts with https:// (the operator says a TLS proxy is in front);
 * - the socket is TLS;
 * - `X-Forwarded-Proto: https` from a peer TRUST_PROXY trusts (Fastify's `request.protocol`
 *   believes the header only from such a peer; from anyone else it is ignored).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';

export function isHttps(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): boolean {
  if (config.PUBLIC_URL?.startsWith('https://')) return true;
  return request.protocol === 'https';
}

/** The refresh cookie's `Secure` flag: COOKIE_SECURE when set, otherwise the request's transport. */
export function secureCookie(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL' | 'COOKIE_SECURE'>): boolean {
  return config.COOKIE_SECURE ?? isHttps(request, config);
}
