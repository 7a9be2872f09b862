/**
 * API calls that need no account, registered by whoever makes them (the session registers login,
 * register and refresh in session.ts; the status page its health check): the api-client sends them
 * without the stored access token (unless `bearer`), and passes a 401 from them on as the answer:
 * no refresh, no end of the session.
 *
 *   registerPublicCalls(['/health', '/ready']);
 *
 * A path matches itself and itself with a query string ('/auth/login?x=1'), nothing below it.
 */
const calls = new Map<string, { bearer: boolean }>();

export function registerPublicCalls(paths: readonly string[], opts: { bearer?: boolean } = {}): void {
  for (const path of paths) calls.set(path, { bearer: opts.bearer ?? false });
}

/** The registration of the call to `path` (a path under /api, its query string ignored), if public. */
export function publicCallOf(path: string): { bearer: boolean } | undefined {
  return calls.get(path.split('?')[0] as string);
}
