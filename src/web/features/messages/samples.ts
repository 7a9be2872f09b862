/**
 * The template editor's sample values (issue 35 item 7): what the preview fills each placeholder
 * with, in the template's language, as the server fills them (names in the language's script,
 * dates as the server writes them: "12 Mar 2027" in English, "12 मार्च 2027" in Hindi).
 */
import { OTP } from '#shared/domain/messages.ts';
import { INTL_TAG, type Locale } from '#shared/i18n/locales.ts';

/** A customer's name and a technician's first name, in each script. */
const PEOPLE: Record<Locale, { customer: string; technician: string }> = {
  'en-IN': { customer: 'Lakshmi', technician: 'Ravi' },
  hi: { customer: 'लक्ष्मी', technician: 'रवि' },
  ta: { customer: 'லட்சுமி', technician: 'ரவி' },
  te: { customer: 'లక్ష్మి', technician: 'రవి' },
  kn: { customer: 'ಲಕ್ಷ್ಮಿ', technician: 'ರವಿ' },
  ml: { customer: 'ലക്ഷ്മി', technician: 'രവി' },
};

const DAY = 86_400_000;

/** A day as the server writes it into a message (outbox.service.ts `dayIn`), in IST. */
export function sampleDay(at: Date, language: Locale): string {
  return new Intl.DateTimeFormat(INTL_TAG[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(at);
}

/** Every placeholder's sample value in `language`; `business` is the service's own name. */
export function sampleValues(language: Locale, business: string, now = new Date()): Record<string, string> {
  const people = PEOPLE[language];
  return {
    business,
    customer: people.customer,
    technician: people.technician,
    ticket: 'SR-000123',
    phone: '98400 12345',
    day: sampleDay(new Date(now.getTime() + DAY), language),
    due: sampleDay(new Date(now.getTime() + 7 * DAY), language),
    ends: sampleDay(new Date(now.getTime() + 30 * DAY), language),
    product: 'Kaveri Flow RO 12 L',
    link: 'https://aquadesk.example/j/Xk3…',
    code: '482913',
    minutes: String(OTP.validMinutes),
  };
}
