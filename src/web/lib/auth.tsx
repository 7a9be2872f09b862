/**
 * Client auth state (spec sections 3 and 4): { user, accessToken, isAuthenticated, loading, error }.
 *
 * - It starts authenticated only when both a stored token and a stored user exist; the stored user
 *   is then re-read from GET /api/auth/me once (the guard shows 'Checking authentication...').
 * - login: loading while pending; success stores user and token; failure sets error, unauthenticated.
 * - logout: POST /api/auth/logout, then clears user, token and user id whatever the answer; the
 *   phone's offline read cache of the user is dropped, their unsent changes stay for them only
 *   (issue 31, lib/offline/sign-out.ts; the top bar asks first when there are any).
 *
 * `useAuth()` gives the state plus `login`, `logout` and `clear`. Rights come from
 * `user.policyRole` (a custom role carries its system ancestor's rights); show `user.role.name`.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { AuthResponse, AuthUser, LoginBody } from '#shared/contracts/auth.ts';
import { isSystemRole, type SystemRole } from '#shared/domain/roles.ts';
import { shellText } from '#web/i18n/shell-text.ts';
import { ApiError, api, errorMessage } from './api-client.ts';
import { forgetOnSignOut } from './offline/sign-out.ts';
import { session } from './session.ts';

export interface AuthState {
  user: AuthUser | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
}

export interface AuthContextValue extends AuthState {
  /** The system role whose rights the user holds (null when signed out). */
  policyRole: SystemRole | null;
  login: (credentials: LoginBody) => Promise<AuthUser>;
  logout: () => Promise<void>;
  /** Forget the session locally (no server call). */
  clear: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function policyRoleOfUser(user: AuthUser | null | undefined): SystemRole | null {
  if (!user) return null;
  return isSystemRole(user.policyRole) ? user.policyRole : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const snap = useSyncExternalStore(session.subscribe, session.get, session.get);
  const queryClient = useQueryClient();
  const isAuthenticated = !!(snap.user && snap.accessToken);
  // Checking the stored session once at start.
  const [checking, setChecking] = useState(isAuthenticated);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the session found at start.
  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    api<AuthUser>('/auth/me')
      .then((user) => {
        if (!cancelled && session.get().accessToken) session.setUser(user);
      })
      .catch(() => {
        // A 401 that could not be refreshed has already cleared the session; anything else
        // (offline, server restarting) keeps the stored user.
      })
      .finally(() => {
        // The signed-in shell and its first page render as a transition: in slices a slow phone
        // can answer taps between, instead of one long task (issue 39, Total Blocking Time).
        if (!cancelled) startTransition(() => setChecking(false));
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const login = useCallback(
    async (credentials: LoginBody) => {
      setPending(true);
      setError(null);
      try {
        const res = await api<AuthResponse>('/auth/login', {
          method: 'POST',
          body: credentials,
          fallback: shellText('auth:loginFailed'),
        });
        queryClient.clear();
        session.set(res.user, res.accessToken);
        return res.user;
      } catch (err) {
        session.clear();
        const message = errorMessage(err, shellText('auth:loginFailed'));
        setError(message);
        throw err instanceof ApiError ? err : new ApiError(0, 'UNKNOWN', message);
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );

  const clear = useCallback(() => {
    session.clear();
    queryClient.clear();
  }, [queryClient]);

  const logout = useCallback(async () => {
    const userId = session.get().user?.id;
    // Meanwhile, the phone forgets the user's read cache (never throws).
    const forgotten = userId ? forgetOnSignOut(userId) : null;
    try {
      await api('/auth/logout', { method: 'POST', fallback: 'Logout failed' });
    } catch {
      // Signing out locally matters more than the server's answer.
    } finally {
      await forgotten;
      setError(null);
      clear();
    }
  }, [clear]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: snap.user,
      accessToken: snap.accessToken,
      isAuthenticated,
      loading: checking || pending,
      error,
      policyRole: policyRoleOfUser(snap.user),
      login,
      logout,
      clear,
    }),
    [snap, isAuthenticated, checking, pending, error, login, logout, clear],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
