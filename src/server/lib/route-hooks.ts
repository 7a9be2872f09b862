/**
 * A route's hooks of one kind with `hook` added, first or last. Fastify takes a route's hook as one
 * function or an array; the modules that attach their hook per route from an `onRoute` hook
 * (ops' metrics and log line, the NUL guard) add theirs through this.
 */
export function withHook<H>(own: H | H[] | undefined, hook: H, at: 'first' | 'last'): H[] {
  const list = own === undefined ? [] : Array.isArray(own) ? own : [own];
  return at === 'first' ? [hook, ...list] : [...list, hook];
}
