/**
 * The readings form's check (issue 36): the values as typed on the phone (text) turned into numbers
 * and checked by the contract's own `readingFields`, so the browser refuses exactly what the server
 * would (TDS 0-5000 mg/L, pH 0-14, hardness 0-2000 mg/L); its English messages are shown from the
 * `readings` catalogue in the reader's language (`messageKeyOf`).
 */
import { z } from 'zod';
import { HARDNESS_MESSAGE, PH_MESSAGE, readingFields, TDS_MESSAGE } from '#shared/contracts/readings.ts';

export interface ReadingFormValues {
  tdsIn: string;
  tdsOut: string;
  ph: string;
  hardness: string;
}

export const EMPTY_READING: ReadingFormValues = { tdsIn: '', tdsOut: '', ph: '', hardness: '' };

/** A typed number ('7.2', '7,2' with a decimal comma, '450'); blank is null, anything else NaN (refused). */
export function typedNumber(text: string): number | null {
  const s = text.trim();
  if (s === '') return null;
  return /^(\d+([.,]\d*)?|[.,]\d+)$/.test(s) ? Number(s.replace(',', '.')) : Number.NaN;
}

export const readingForm = z
  .object({ tdsIn: z.string(), tdsOut: z.string(), ph: z.string(), hardness: z.string() })
  .transform((v): { tdsIn: number | null; tdsOut: number | null; ph?: number | null; hardness?: number | null } => ({
    tdsIn: typedNumber(v.tdsIn),
    tdsOut: typedNumber(v.tdsOut),
    ph: typedNumber(v.ph),
    hardness: typedNumber(v.hardness),
  }))
  .pipe(readingFields.omit({ takenAt: true }));

const MESSAGE_KEYS: Record<string, string> = {
  [TDS_MESSAGE]: 'form.tdsInvalid',
  [PH_MESSAGE]: 'form.phInvalid',
  [HARDNESS_MESSAGE]: 'form.hardnessInvalid',
};

/** The `readings` catalogue key of a contract message, if it is one of the form's. */
export function messageKeyOf(message: string | undefined): string | undefined {
  return message === undefined ? undefined : MESSAGE_KEYS[message];
}
