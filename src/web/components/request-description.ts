/**
 * A request's description as its reader reads it (issue 33 item 5, ADR 035). A job the maintenance
 * run raised carries its facts (`job`: unit, brand, product, serial, due date, parts, cover): the
 * sentence is rendered from them in the screen's language, the due date as the lists write dates
 * (en-IN style, IST: "1 Dec", "1 Dec 2027" for another year), the parts as the language lists
 * things. A request a customer raised at a unit's QR sticker (issue 36, ADR 043) carries what they
 * said (`qrReport`: the problem they picked, the phone they gave and whether it is one of the
 * customer's, the time of day they prefer): its sentence is rendered the same way, followed by the
 * customer's own words as they typed them (read off the stored description, `qrCustomerWords`). A request a person typed (no facts), one raised before the facts were
 * kept, or a kind of job this version does not know shows its `description` as it is.
 *
 * The words are the on-demand `jobs` catalogue (locales/<lng>/on-demand/jobs.json), fetched when
 * a screen first shows a description, not bundled: until it arrives the stored English shows.
 * Every screen that shows a request's description uses this (the request page, the lists, the
 * dashboard, My Tasks, task history, a unit's and a customer's history); the technician's copy
 * kept on the phone is the API's answer, facts included, so it renders offline alike.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobFacts, QrReport } from '#shared/contracts/job.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { QR_PROBLEM_ENGLISH, type QrProblem } from '#shared/domain/public-unit.ts';
import { INTL_TAG, type Locale } from '#shared/i18n/locales.ts';
import { useFormat } from '#web/i18n/hooks.ts';

/** The catalogue of a job's words. */
export const JOBS_NS = 'jobs';

/** What a description is rendered from: the stored text and, for a raised job, its facts. */
export interface Describable {
  description: string;
  /** Absent on an answer kept on a phone before the facts were added. */
  job?: JobFacts | null;
  /** What a customer said at the QR sticker; absent where a shape does not carry it. */
  qrReport?: QrReport | null;
}

const lists = new Map<Locale, Intl.ListFormat>();

/** "Sediment filter, UV lamp and RO membrane" in the language's own words for "and". */
function listIn(locale: Locale, items: readonly string[]): string {
  let f = lists.get(locale);
  if (!f) {
    f = new Intl.ListFormat(INTL_TAG[locale], { style: 'long', type: 'conjunction' });
    lists.set(locale, f);
  }
  return f.format(items);
}

/**
 * The customer's own words in a QR request's stored description. The server stores the problem in
 * English, a note in brackets, then the words after a colon ("Leaking (reported by the customer
 * from the unit's QR sticker): drips under the sink"), or a full stop when they typed none. A
 * description of another shape is given whole, so no word of the customer's is ever lost.
 */
export function qrCustomerWords(description: string, problem: QrProblem): string {
  const head = `${QR_PROBLEM_ENGLISH[problem]} (`;
  if (description.startsWith(head)) {
    const colon = description.indexOf('): ', head.length);
    if (colon >= 0) return description.slice(colon + 3).trim();
    if (description.endsWith(').')) return '';
  }
  return description.trim();
}

/** A function from a request (or a history row) to its description in the screen's language. */
export function useRequestDescription(): (r: Describable) => string {
  const { t, ready } = useTranslation(JOBS_NS);
  const format = useFormat();
  return useCallback(
    (r: Describable) => {
      if (!ready) return r.description;
      const { job, qrReport: qr } = r;
      if (job?.kind === 'maintenance') {
        const sentence = t('maintenance', {
          date: format.date(job.dueOn),
          unit: [job.brand, job.product].filter(Boolean).join(' '),
          serial: job.serial,
          parts: job.parts.length ? listIn(format.locale, job.parts) : t('scheduledVisit'),
        });
        return `${sentence} ${job.chargeable ? t('chargeable') : t('covered')}`;
      }
      if (qr) {
        const sentence = t('qr', {
          problem: t(`qrProblem.${qr.problem}`),
          phone: formatPhone(qr.phone),
          check: qr.phoneMatchesCustomer ? t('qrPhoneMatches') : t('qrPhoneUnverified'),
        });
        const prefers = qr.preferredTime ? ` ${t('qrPrefers', { time: t(`qrTime.${qr.preferredTime}`) })}` : '';
        const words = qrCustomerWords(r.description, qr.problem);
        return words ? `${sentence}${prefers}\n\n${words}` : `${sentence}${prefers}`;
      }
      return r.description;
    },
    [t, ready, format],
  );
}
