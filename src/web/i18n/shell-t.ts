/**
 * Translations for the signed-in shell (app/layout: top bar, drawer, menu), which is in the
 * initial bundle: react-i18next's hooks import i18next itself, which must stay in its lazy chunk
 * (ADR 022). main.tsx paints only once i18n/index.ts is in, and that module hands its renderer to
 * current.ts (the tiny store both sides already share); the shell follows the language through
 * that store, so a change of language re-renders it once the language's catalogues are loaded.
 */
import { useCallback } from 'react';
import { renderShellText } from './current.ts';
import { useLocale } from './use-locale.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** `t` of a namespace in the app's language. */
export function useShellT(ns = 'shell'): Translate {
  const locale = useLocale();
  return useCallback(
    (key: string, params?: Record<string, unknown>) => renderShellText(locale, ns, key, params),
    [locale, ns],
  );
}
