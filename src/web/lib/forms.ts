/**
 * Form helpers for react-hook-form: put a server validation error's per-field `errors[]` on the
 * form's fields (architecture guide: "Forms put errors[] on their fields").
 *
 *   onError: (err) => applyFieldErrors(err, form.setError)   // true when any field took a message
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError) || err.errors.length === 0) return false;
  let applied = false;
  for (const e of err.errors) {
    const name = e.path.split('.')[0] as Path<T> | undefined;
    if (!name) continue;
    if (fields && !fields.includes(name)) continue;
    setError(name, { type: 'server', message: e.message });
    applied = true;
  }
  return applied;
}
