/**
 * Customer messages (issue 35 items 4–7, ADR 046): the outbox's vocabulary, shared by the server
 * (which writes, renders and delivers them) and the web (the Messages screen, the template editor,
 * the customer's consent). Every message is a row first, written in the transaction of the event
 * that caused it; the job runner delivers it.
 */
import type { Locale } from '#shared/i18n/locales.ts';

export const MESSAGE_CHANNELS = ['WHATSAPP', 'SMS'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATUSES = ['QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'SKIPPED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Where a customer's consent came from: the office, the QR page, or a reply (STOP). */
export const CONSENT_SOURCES = ['OFFICE', 'QR', 'REPLY', 'IMPORT'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * Each template and the placeholders it may use, in the order a provider's positional template
 * (WhatsApp's {{1}}, {{2}}) takes them. A saved template may use only these (checked on save).
 */
export const MESSAGE_TEMPLATES = {
  requestRegistered: ['business', 'customer', 'ticket', 'phone'],
  technicianAssigned: ['business', 'customer', 'ticket', 'technician', 'day'],
  jobCompleted: ['business', 'customer', 'ticket', 'link'],
  filterDue: ['business', 'customer', 'product', 'due', 'phone'],
  amcExpiring: ['business', 'customer', 'product', 'ends', 'phone'],
  completionOtp: ['business', 'code', 'ticket', 'minutes'],
} as const satisfies Record<string, readonly string[]>;
export type MessageTemplateKey = keyof typeof MESSAGE_TEMPLATES;
export const MESSAGE_TEMPLATE_KEYS = Object.keys(MESSAGE_TEMPLATES) as MessageTemplateKey[];

export function isTemplateKey(value: unknown): value is MessageTemplateKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGE_TEMPLATES, value);
}

/** The placeholders a text uses: `{{ name }}` → name, in order of first use. */
export function placeholdersOf(text: string): string[] {
  const seen: string[] = [];
  for (const m of text.matchAll(/\{\{\s*([^{}\s]*)\s*\}\}/g)) {
    const name = m[1] ?? '';
    if (!seen.includes(name)) seen.push(name);
  }
  return seen;
}

/** The placeholders of `text` a template may not use (empty when the text is fine). */
export function unknownPlaceholders(key: MessageTemplateKey, text: string): string[] {
  const allowed: readonly string[] = MESSAGE_TEMPLATES[key];
  return placeholdersOf(text).filter((p) => !allowed.includes(p));
}

/** The text with its placeholders filled; one without a value is left as it is. */
export function renderTemplate(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{\s*([^{}\s]*)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? (params[name] ?? '') : whole,
  );
}

/** The longest template a person may save (an SMS is 160 GSM characters or 70 in Indic scripts). */
export const MAX_TEMPLATE_LENGTH = 1000;

/** The retries' waits after each failed attempt, in minutes; after the last, FAILED (issue 35). */
export const MESSAGE_BACKOFF_MINUTES = [1, 5, 30, 120, 720] as const;

/** No message between these hours, local time (the business's TZ), except a one-time code. */
export const QUIET_HOURS = { from: 21, to: 8 } as const;

/** AMC reminders go this many days before the contract ends. */
export const AMC_REMINDER_DAYS = [30, 7] as const;

/** The one-time code a customer reads out to confirm a completion (issue 35 item 1). */
export const OTP = {
  digits: 6,
  validMinutes: 10,
  maxTries: 5,
  maxSendsPerHour: 3,
} as const;

/** `PROOF_OF_COMPLETION`: what a completion needs (optional by default, so the spec's client works). */
export const PROOF_MODES = ['optional', 'signature', 'otp', 'either'] as const;
export type ProofMode = (typeof PROOF_MODES)[number];

/** What proved a completion. */
export const PROOF_KINDS = ['SIGNATURE', 'OTP'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** The largest signature a phone may send (the PNG's bytes, before base64). */
export const MAX_SIGNATURE_BYTES = 200 * 1024;

/** A message's language: one of the six (a customer's preferred language). */
export type MessageLanguage = Locale;
