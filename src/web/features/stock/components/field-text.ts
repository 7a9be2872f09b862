/**
 * A form field's message in the app's language: the contracts' English (the server catalogue's
 * `error.*`, through useServerText) or this feature's own form checks, named by their key.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '#web/i18n/hooks.ts';
import { ApiError } from '#web/lib/api-client.ts';

/** The browser's check of a rupee amount (money.ts `paiseOf`). */
export const RUPEES_MESSAGE = 'form.rupees';

export function useFieldText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('stock');
  const serverText = useServerText();
  return useCallback(
    (message: string | undefined) => (message === RUPEES_MESSAGE ? t('form.rupees') : serverText(message)),
    [t, serverText],
  );
}

/** A refusal's field errors renamed to the form's fields (the API's `pricePaise` is the form's `price`). */
export function renameFields(error: Error, names: Record<string, string>): Error {
  if (!(error instanceof ApiError)) return error;
  const errors = error.errors.map((e) => {
    const [head = '', ...rest] = e.path.split('.');
    return { ...e, path: [names[head] ?? head, ...rest].join('.') };
  });
  return new ApiError(error.status, error.code, error.message, errors);
}

/** Field messages by path ('lines.0.quantity'), the first per field. */
export type FieldErrors = Record<string, string>;

/** A failed zod check's messages by field. */
export function zodFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    out[path] ??= issue.message;
  }
  return out;
}

/** A refusal's field messages by field (none for a refusal of the whole). */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return zodFieldErrors(error.errors.map((e) => ({ path: e.path.split('.'), message: e.message })));
}
