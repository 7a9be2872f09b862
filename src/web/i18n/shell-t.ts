/**
 * Translations for the signed-in shell (app/layout: top bar, drawer, menu), which is in the
 * initial bundle: react-i18next's hooks import i18next itself, which must stay in its lazy chunk
 * (ADR 022). main.tsx paints only once i18n/index.ts is in, and that module hands its renderer over
 * here; the shell follows the language through the tiny store (use-locale.ts), so a change of
 * language re-renders it once the language's catalogues are loaded.
 */
import { useCallback } from 'react';
import type { Locale } from '#shared/i18n/locales.ts';
import { useLocale } from './use-locale.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;
type Renderer = (locale: Locale, ns: string, key: string, params?: Record<string, unknown>) => string;

let renderer: Renderer | null = null;

/** Called once by i18n/index.ts when i18next is set up. */
export function provideShellRenderer(render: Renderer): void {
  renderer = render;
}

/** `t` of a namespace in the app's language (the key itself until i18next is in). */
export function useShellT(ns = 'shell'): Translate {
  const locale = useLocale();
  return useCallback(
    (key: string, params?: Record<string, unknown>) => (renderer ? renderer(locale, ns, key, params) : key),
    [locale, ns],
  );
}
