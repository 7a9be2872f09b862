/**
 * The browser session: the signed-in user and the access token, kept in localStorage under the
 * spec's keys (STORAGE_KEYS) and mirrored in a tiny external store that React reads through
 * `useSyncExternalStore` (see lib/auth.tsx). The api-client writes here too (a refreshed token,
 * or the end of the session), so both share one source of truth without importing React.
 */
import type { AuthUser } from '#shared/contracts/auth.ts';
import { STORAGE_KEYS } from '#shared/domain/constants.ts';
import { registerPublicCalls } from './public-calls.ts';

// The calls that open a session carry no token, and their 401 is the answer (a wrong password);
// the refresh call is the renewal itself: its 401 is not refreshed in turn.
registerPublicCalls(['/auth/login', '/auth/register']);
registerPublicCalls(['/auth/refresh'], { bearer: true });

export interface SessionSnapshot {
  user: AuthUser | null;
  accessToken: string | null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as AuthUser).id === 'string' &&
      typeof (parsed as AuthUser).name === 'string'
    ) {
      return parsed as AuthUser;
    }
    return null;
  } catch {
    return null;
  }
}

function readStorage(): SessionSnapshot {
  const s = storage();
  if (!s) return { user: null, accessToken: null };
  return { user: readUser(s.getItem(STORAGE_KEYS.user)), accessToken: s.getItem(STORAGE_KEYS.token) };
}

let snapshot: SessionSnapshot = readStorage();
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const session = {
  get(): SessionSnapshot {
    return snapshot;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The stored user id (spec: kept under its own key), used by the refresh call. */
  userId(): string | null {
    return storage()?.getItem(STORAGE_KEYS.userId) ?? snapshot.user?.id ?? null;
  },
  /** Store a signed-in user and their token. */
  set(user: AuthUser, accessToken: string) {
    const s = storage();
    s?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    s?.setItem(STORAGE_KEYS.token, accessToken);
    s?.setItem(STORAGE_KEYS.userId, user.id);
    snapshot = { user, accessToken };
    emit();
  },
  setToken(accessToken: string) {
    storage()?.setItem(STORAGE_KEYS.token, accessToken);
    snapshot = { ...snapshot, accessToken };
    emit();
  },
  setUser(user: AuthUser) {
    // The server's answer at start is usually the user already stored: no new snapshot, so no
    // render of everything that reads the session.
    if (snapshot.user && JSON.stringify(snapshot.user) === JSON.stringify(user)) return;
    const s = storage();
    s?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    s?.setItem(STORAGE_KEYS.userId, user.id);
    snapshot = { ...snapshot, user };
    emit();
  },
  /** Forget the user, the token and the user id. */
  clear() {
    const s = storage();
    s?.removeItem(STORAGE_KEYS.user);
    s?.removeItem(STORAGE_KEYS.token);
    s?.removeItem(STORAGE_KEYS.userId);
    if (snapshot.user === null && snapshot.accessToken === null) return;
    snapshot = { user: null, accessToken: null };
    emit();
  },
  /** Re-read storage (another tab signed in or out). */
  reload() {
    const next = readStorage();
    if (next.accessToken === snapshot.accessToken && next.user?.id === snapshot.user?.id) return;
    snapshot = next;
    emit();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) session.reload();
  });
}
