/**
 * The menu item a path belongs to: the longest item path that equals it or prefixes it, so
 * /service-requests/42 lights Service Requests and /service-requests/create lights New Service.
 */
export function activeItemPath(pathname: string, paths: readonly string[]): string | null {
  let best: string | null = null;
  for (const p of paths) {
    if (pathname === p || pathname.startsWith(`${p}/`)) {
      if (!best || p.length > best.length) best = p;
    }
  }
  return best;
}
