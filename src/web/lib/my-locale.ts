/**
 * PATCH /api/auth/me { locale } (ADR 022): the signed-in user's language, saved to the account and
 * applied at once. The login screen saves a language picked there at sign-in; the profile saves
 * its picker's choice.
 */
import type { AuthUser } from '#shared/contracts/auth.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { setLanguage } from '#web/i18n/index.ts';
import { api } from './api-client.ts';
import { session } from './session.ts';

export async function saveMyLocale(locale: Locale | null): Promise<AuthUser> {
  if (locale) await setLanguage(locale);
  const user = await api<AuthUser>('/auth/me', { method: 'PATCH', body: { locale } });
  if (session.get().accessToken) session.setUser(user);
  return user;
}
