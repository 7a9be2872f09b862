/**
 * Customer messages (issue 35 items 4–7, ADR 046): the outbox as the Messages screen reads it, its
 * templates, and a customer's consent and language.
 */
import { z } from 'zod';
import {
  CONSENT_SOURCES,
  MAX_TEMPLATE_LENGTH,
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  MESSAGE_TEMPLATE_KEYS,
} from '#shared/domain/messages.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import { pageQuery } from './common.ts';

export const messageChannel = z.enum(MESSAGE_CHANNELS, { error: 'Channel must be WHATSAPP or SMS' });
export const messageStatus = z.enum(MESSAGE_STATUSES, { error: 'Unknown message status' });
export const templateKey = z.enum(MESSAGE_TEMPLATE_KEYS as [string, ...string[]], { error: 'Unknown template' });
export const messageLanguage = z.enum(LOCALES, { error: 'Language must be one of en-IN, hi, ta, te, kn, ml' });

/** GET /messages */
export const messageListQuery = pageQuery.extend({
  status: z.enum(['ALL', '', ...MESSAGE_STATUSES], { error: 'Unknown message status' }).optional(),
  channel: z.enum(['ALL', '', ...MESSAGE_CHANNELS], { error: 'Channel must be WHATSAPP or SMS' }).optional(),
});
export type MessageListQuery = z.output<typeof messageListQuery>;

export const messageItem = z.object({
  id: z.string(),
  channel: messageChannel,
  /** The phone it goes to (+91…). */
  recipient: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The request it is about, if any: its id and ticket number. */
  request: z.object({ id: z.string(), ticketNumber: z.string() }).nullable(),
  template: templateKey,
  language: messageLanguage,
  params: z.record(z.string(), z.string()),
  /** The text as it was sent (or will be): the template in the message's language, filled. */
  text: z.string(),
  status: messageStatus,
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  /** Why it failed or was skipped (a catalogue text in the reader's language). */
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type MessageItem = z.output<typeof messageItem>;

/** One template in one language: the saved text, or the catalogue's when none was saved. */
export const messageTemplateItem = z.object({
  key: templateKey,
  language: messageLanguage,
  text: z.string(),
  /** The placeholders it may use. */
  placeholders: z.array(z.string()),
  /** True when an office person changed it (else the catalogue's text). */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MessageTemplateItem = z.output<typeof messageTemplateItem>;

export const TEMPLATE_TEXT_REQUIRED = 'The message text is required';
/** PUT /message-templates/{key}/{language}: the new text ('' or null: back to the catalogue's). */
export const messageTemplateBody = z.object({
  text: z
    .string({ error: TEMPLATE_TEXT_REQUIRED })
    .trim()
    .max(MAX_TEMPLATE_LENGTH, `The message text must be at most ${MAX_TEMPLATE_LENGTH} characters`)
    .nullable(),
});
export type MessageTemplateBody = z.input<typeof messageTemplateBody>;

export const messageTemplateParams = z.object({ key: templateKey, language: messageLanguage });

/** A customer's consent to messages, per channel (issue 35 item 5). */
export const customerConsent = z.object({
  whatsapp: z.boolean(),
  sms: z.boolean(),
  /** When it was last set, and by what; null when never. */
  at: z.string().nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
});
export type CustomerConsent = z.output<typeof customerConsent>;

/** PUT /customers/{id}/consent */
export const consentBody = z.object({
  whatsapp: z.boolean({ error: 'whatsapp must be true or false' }),
  sms: z.boolean({ error: 'sms must be true or false' }),
  source: z.enum(['OFFICE', 'QR', 'REPLY'], { error: 'Source must be OFFICE, QR or REPLY' }),
});
export type ConsentBody = z.input<typeof consentBody>;
