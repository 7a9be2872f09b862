/**
 * The message templates' texts (ADR 046): the catalogue's, one file per language
 * (src/shared/i18n/locales/<lng>/customer-messages.json, checked with the other catalogues), which
 * an office person may replace per template and language (message_templates); a message is
 * rendered from the text in force when it is shown or sent.
 */

import type { MessageTemplateKey } from '#shared/domain/messages.ts';
import enIN from '#shared/i18n/locales/en-IN/customer-messages.json' with { type: 'json' };
import hi from '#shared/i18n/locales/hi/customer-messages.json' with { type: 'json' };
import kn from '#shared/i18n/locales/kn/customer-messages.json' with { type: 'json' };
import ml from '#shared/i18n/locales/ml/customer-messages.json' with { type: 'json' };
import ta from '#shared/i18n/locales/ta/customer-messages.json' with { type: 'json' };
import te from '#shared/i18n/locales/te/customer-messages.json' with { type: 'json' };
import type { Locale } from '#shared/i18n/locales.ts';

const CATALOGUE: Record<Locale, Record<MessageTemplateKey, string>> = { 'en-IN': enIN, hi, ta, te, kn, ml };

/** The catalogue's text of a template in a language. */
export function catalogueText(template: MessageTemplateKey, language: Locale): string {
  return CATALOGUE[language][template];
}
