/**
 * Keeps the app's language in step with the signed-in user's choice (ADR 022): when a user with a
 * stored language signs in (or their choice changes on another device and /auth/me is re-read),
 * the app switches to it. A user without one keeps the device's language.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '#web/lib/auth.tsx';
import { setLanguage } from './index.ts';

export function LocaleSync() {
  const { user } = useAuth();
  const { i18n } = useTranslation();
  const chosen = user?.locale ?? null;
  useEffect(() => {
    if (chosen && chosen !== i18n.language) void setLanguage(chosen);
  }, [chosen, i18n.language]);
  return null;
}
