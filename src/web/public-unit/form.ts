/**
 * The QR page's form checks (issue 36 item 4): the contract's rules (`publicRequestBody` in
 * shared/contracts/public-units.ts) written out by hand, because zod alone would be most of the
 * page's 70 kB budget. form.test.ts holds them to the contract case by case. The server checks
 * again; these only spare the customer a round trip.
 */
import { PHONE_LENGTH } from '#shared/domain/constants.ts';
import {
  PREFERRED_TIMES,
  type PreferredTime,
  PUBLIC_DESCRIPTION_MAX,
  QR_PROBLEMS,
  type QrProblem,
} from '#shared/domain/public-unit.ts';

/** What the form holds, as typed. */
export interface FormValues {
  problem: string;
  description: string;
  phone: string;
  /** '' is "any time". */
  preferredTime: string;
  /** "Send me updates about this request on WhatsApp": unticked until the customer ticks it. */
  whatsappUpdates: boolean;
  /** The honeypot, sent as typed (a person never sees it). */
  website: string;
}

export type Field = 'problem' | 'description' | 'phone' | 'preferredTime';
/** Each field's fault, as a key of the page's catalogue (`error.*`). */
export type FormErrors = Partial<Record<Field, 'problem' | 'descriptionOther' | 'descriptionLong' | 'phone'>>;

/** The body the server takes (PublicRequestBody). */
export interface RequestBody {
  problem: QrProblem;
  description: string;
  phone: string;
  preferredTime?: PreferredTime;
  whatsappUpdates: boolean;
  website: string;
}

export const FIELDS: readonly Field[] = ['problem', 'description', 'phone', 'preferredTime'];

export const emptyForm = (): FormValues => ({
  problem: '',
  description: '',
  phone: '',
  preferredTime: '',
  whatsappUpdates: false,
  website: '',
});

/** "+91 98400-12345", "098400 12345" → "9840012345" (as the contract reads a phone). */
export function normalisePhone(raw: string): string {
  return raw.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, '');
}

const MOBILE = new RegExp(`^[6-9]\\d{${PHONE_LENGTH - 1}}$`);
/** The shortest description of an "Other" problem. */
const OTHER_MIN = 3;

const isProblem = (v: string): v is QrProblem => (QR_PROBLEMS as readonly string[]).includes(v);
const isTime = (v: string): v is PreferredTime => (PREFERRED_TIMES as readonly string[]).includes(v);

/** The form's faults, field by field; none means it may be sent. */
export function checkForm(v: FormValues): FormErrors {
  const errors: FormErrors = {};
  if (!isProblem(v.problem)) errors.problem = 'problem';
  const description = v.description.trim();
  if (description.length > PUBLIC_DESCRIPTION_MAX) errors.description = 'descriptionLong';
  else if (v.problem === 'OTHER' && description.length < OTHER_MIN) errors.description = 'descriptionOther';
  if (!MOBILE.test(normalisePhone(v.phone))) errors.phone = 'phone';
  return errors;
}

/** The body to send for a form that passed `checkForm`. */
export function toBody(v: FormValues): RequestBody {
  return {
    problem: v.problem as QrProblem,
    description: v.description.trim(),
    phone: normalisePhone(v.phone),
    ...(isTime(v.preferredTime) ? { preferredTime: v.preferredTime } : {}),
    whatsappUpdates: v.whatsappUpdates,
    website: v.website,
  };
}
