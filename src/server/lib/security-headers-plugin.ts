/**
 * The security headers of every answer (ADR 021). helmet computes them once per transport
 * (security-headers.ts): run per request, its chain of middlewares was a quarter of a trivial
 * answer's CPU (issue 20), and @fastify/helmet even rebuilt it, CSP parse included, on every
 * request. HSTS and `upgrade-insecure-requests` go only with HTTPS (security/transport.ts): over
 * plain HTTP on the office network they would send the browser to an https:// that does not exist.
 */
import helmet from 'helmet';
import { rootPlugin } from './root-plugin.ts';

/**
 * The public pages: a unit's (/s/<code>, ADR 043) and a job sheet's (/j/<token>, ADR 048,
 * job-sheet-links.ts); lib does not import modules.
 */
const PUBLIC_PAGE_PREFIXES = ['/s/', '/j/'];

import { headerBlock } from './security-headers.ts';
import { isHttps } from './transport.ts';

export const securityHeaders = rootPlugin('security-headers', async (app) => {
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    // The installed app's service worker (/sw.js) and manifest (issue 22, ADR 027).
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
  const httpsHeaders = headerBlock(
    helmet({
      contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: [] } },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const plainHttpHeaders = headerBlock(
    helmet({
      contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
  );
  // A JSON answer is never a page: it gets the API set of OWASP's REST Security Cheat Sheet
  // (ADR 021, third round): a policy that allows nothing (`default-src 'none'`), no framing,
  // nosniff, same-origin CORP, HSTS over HTTPS, and `no-store` (below). The headers that only
  // mean something to a document (COOP, Origin-Agent-Cluster, Referrer-Policy, DNS prefetch,
  // X-Download-Options, the cross-domain policy and X-XSS-Protection) are left off it: each
  // header is validated and written on every answer, and the unread count is mostly headers.
  // Pages, scripts and the API's own HTML (/api/docs) keep the full set.
  const apiOnly = {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' as const },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
  // API answers are never cached (a shared office PC's browser must not keep a customer list, nor
  // the sign-in answer with its token); a route that chooses its own policy (a photo, the
  // notification stream) sets it over this one.
  const noStore = { 'cache-control': 'no-store' };
  const apiHttpsHeaders = Object.freeze({ ...headerBlock(helmet(apiOnly)), ...noStore });
  const apiPlainHttpHeaders = Object.freeze({
    ...headerBlock(helmet({ ...apiOnly, strictTransportSecurity: false })),
    ...noStore,
  });
  // A unit's public page (/s/<code>, issue 36 item 5, ADR 043), opened by anyone who scans a
  // sticker, and a job sheet's (/j/<token>, ADR 048), opened from the completion message: a
  // stricter policy than the app's (its own scripts, styles and fonts and nothing else; no inline
  // styles, workers, manifest or frames; it may only talk to this origin), and no indexing.
  const publicPage = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' as const },
  };
  const noIndex = { 'x-robots-tag': 'noindex, nofollow' };
  const publicHttpsHeaders = Object.freeze({
    ...headerBlock(
      helmet({
        ...publicPage,
        contentSecurityPolicy: {
          ...publicPage.contentSecurityPolicy,
          directives: { ...publicPage.contentSecurityPolicy.directives, upgradeInsecureRequests: [] },
        },
      }),
    ),
    ...noIndex,
  });
  const publicPlainHttpHeaders = Object.freeze({
    ...headerBlock(helmet({ ...publicPage, strictTransportSecurity: false })),
    ...noIndex,
  });
  const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  app.addHook('onRequest', (request, reply, done) => {
    const https = isHttps(request, app.deps.config);
    if (isApiAnswer(request.url)) reply.headers(https ? apiHttpsHeaders : apiPlainHttpHeaders);
    else if (PUBLIC_PAGE_PREFIXES.some((prefix) => request.url.startsWith(prefix)))
      reply.headers(https ? publicHttpsHeaders : publicPlainHttpHeaders);
    else reply.headers(https ? httpsHeaders : plainHttpHeaders);
    done();
  });
});
