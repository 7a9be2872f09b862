/**
 * The names this server answers to (issue 31, item 10; ADR 013 "Host names"). DNS rebinding: a
 * page at http://evil.example:3000 whose name is then pointed at the shop PC's address is, to the
 * browser, one origin with the API, so its script reads the answers. The browser still sends the
 * page's own name in `Host`, and that is what is checked. Answered:
 * - PUBLIC_URL's host name;
 * - loopback names: `localhost` and `*.localhost` (browsers resolve these to loopback themselves);
 * - any IP address (IPv4, or IPv6 in brackets), the machine's own addresses (modules/ops/where.ts
 *   prints them at start) among them. A rebinding page always has a name (re-pointing a name is
 *   the attack), so an address in `Host` means the browser was opened at that address, which is
 *   an origin of its own. Every address, not only this machine's: behind `docker run -p` the
 *   container's addresses are not the ones phones open, a lease can change the address after the
 *   start, and load balancers probe by address;
 * - this machine's host name, and its mDNS form `<name>.local`;
 * - ALLOWED_HOSTS: names, `*.example.com` for the names under it, `*` for any (no check at all).
 * Ports are not checked, with or without one: the name is what a rebinding page cannot choose.
 * Anything else, a missing `Host` included, gets 421 Misdirected Request with the error body.
 *
 * Behind a proxy TRUST_PROXY trusts, the name in its `X-Forwarded-Host` (the one the browser
 * used) must be answered too, and so must `Host`: a script on a trusted network (TRUST_PROXY=
 * uniquelocal on the office LAN, or a browser on the server's own machine under the default
 * `loopback`) can set `X-Forwarded-Host` itself, never `Host`. Caddy passes the browser's `Host`
 * on and adds `X-Forwarded-Host`; nginx by default sends its upstream (127.0.0.1:3000), a loopback name.
 *
 * The probes (`exempt`: GET /api/health, /api/ready, /metrics) answer under any name: load
 * balancers and container health checks call them by service name (Caddy's active check sends
 * `app1:3000`), and they hold nothing a page could use (/metrics wants its token).
 *
 * A refusal writes one warning per name per 10 minutes: a scan cannot flood the log.
 */
import { isIP } from 'node:net';
import os from 'node:os';
import type { Config } from '#server/config.ts';
import type { ErrorBody } from '#shared/contracts/common.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { localeOf, translate } from './i18n.ts';
import { rootPlugin } from './root-plugin.ts';

export const MISDIRECTED = 421;
export const HOST_REFUSED_LOG = 'refused a request for a name this server does not answer to (421)';
const LOG_EVERY_MS = 10 * 60_000;
/** Names remembered for the log's rate limit; past it the memory starts again. */
const LOGGED_NAMES_MAX = 256;
/** `Host` values already answered, so the common request skips the parsing. */
const KNOWN_HOSTS_MAX = 64;

const PORT = /^(:\d*)?$/;

/**
 * The name in a `Host` value: lower case, without the port, brackets or a final dot; '' when
 * there is none or what follows the name is not a port (`localhost:3000@evil.example`).
 */
export function hostnameOf(value: string | undefined): string {
  if (!value) return '';
  const v = value.trim().toLowerCase();
  let name = v;
  let rest = '';
  if (v.startsWith('[')) {
    const end = v.indexOf(']');
    if (end < 0) return '';
    name = v.slice(1, end);
    rest = v.slice(end + 1);
  } else {
    const colon = v.indexOf(':');
    // A second colon: an IPv6 address without brackets (not valid in Host, but an address).
    if (colon !== -1 && v.indexOf(':', colon + 1) === -1) {
      name = v.slice(0, colon);
      rest = v.slice(colon);
    }
  }
  if (!PORT.test(rest)) return '';
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** Whether a name (from `hostnameOf`) is answered under this configuration. */
export function hostMatcher(
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>,
  machineName: string = os.hostname(),
): (name: string) => boolean {
  const exact = new Set(['localhost']);
  const under = ['.localhost'];
  if (config.PUBLIC_URL) exact.add(hostnameOf(new URL(config.PUBLIC_URL).host));
  const own = hostnameOf(machineName);
  if (own) {
    exact.add(own);
    if (!own.includes('.')) exact.add(`${own}.local`);
  }
  let any = false;
  for (const entry of config.ALLOWED_HOSTS) {
    if (entry === '*') any = true;
    else if (entry.startsWith('*.')) under.push(entry.slice(1));
    else exact.add(entry);
  }
  return (name) =>
    any ||
    (name !== '' &&
      (exact.has(name) || isIP(name) !== 0 || under.some((s) => name.length > s.length && name.endsWith(s))));
}

export interface HostGuardOptions extends Record<string, unknown> {
  /** Paths answered under any name on GET and HEAD: the probes. */
  exempt: readonly string[];
  /** This machine's host name (tests); os.hostname() by default. */
  machineName?: string;
}

export const hostGuard = rootPlugin<HostGuardOptions>('host-guard', async (app, opts) => {
  const { config } = app.deps;
  if (config.ALLOWED_HOSTS.includes('*')) return;
  const answered = hostMatcher(config, opts.machineName);
  const exempt = new Set(opts.exempt);
  const known = new Set<string>();
  const lastLogged = new Map<string, number>();
  const allowed = (value: string | undefined): boolean => {
    if (value !== undefined && known.has(value)) return true;
    if (!answered(hostnameOf(value))) return false;
    if (value !== undefined && known.size < KNOWN_HOSTS_MAX) known.add(value);
    return true;
  };

  app.addHook('onRequest', (req, reply, done) => {
    const host = req.headers.host;
    // Fastify's `host`: the last X-Forwarded-Host when a TRUST_PROXY peer sent one, else Host.
    const forwarded = req.headers['x-forwarded-host'] === undefined ? host : req.host;
    if (allowed(host) && (forwarded === host || allowed(forwarded))) return done();
    const path = req.url.split('?', 1)[0] ?? '';
    if ((req.method === 'GET' || req.method === 'HEAD') && exempt.has(path)) return done();

    const name = hostnameOf(forwarded !== host && allowed(host) ? forwarded : host).slice(0, 200);
    const now = Date.now();
    const last = lastLogged.get(name);
    if (last === undefined || now - last >= LOG_EVERY_MS) {
      if (lastLogged.size >= LOGGED_NAMES_MAX) lastLogged.clear();
      lastLogged.set(name, now);
      req.log.warn(
        {
          host: host?.slice(0, 200) ?? null,
          forwardedHost: forwarded === host ? undefined : forwarded?.slice(0, 200),
          ip: req.ip,
          method: req.method,
          path: path.slice(0, 200),
          hint: 'people open AquaDesk at this name? add it to ALLOWED_HOSTS (docs/deploy.md); next warning for it in 10 min',
        },
        HOST_REFUSED_LOG,
      );
    }
    const message = translate(localeOf(req), ERR.hostNotAllowed);
    reply.status(MISDIRECTED).send({ message, code: 'FORBIDDEN' } satisfies ErrorBody);
  });
});
