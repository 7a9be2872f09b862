/**
 * Keeps the app's language in step with the signed-in user's choice (ADR 022): when a user with a
 * stored language signs in (or their choice changes on another device and /auth/me is re-read),
 * the app switches to it. A user without one keeps the device's language.
 */
import { useEffect } from 'react';
import { useAuth } from '#web/lib/auth.tsx';
import { useLocale } from './use-locale.ts';

export function LocaleSync() {
  const { user } = useAuth();
  const locale = useLocale();
  const chosen = user?.locale ?? null;
  useEffect(() => {
    if (chosen && chosen !== locale) void import('./index.ts').then((m) => m.setLanguage(chosen));
  }, [chosen, locale]);
  return null;
}
