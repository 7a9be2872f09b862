/**
 * A request's description as its reader reads it (issue 33 item 5, ADR 035). A job the maintenance
 * run raised carries its facts (`job`: unit, brand, product, serial, due date, parts, cover): the
 * sentence is rendered from them in the screen's language, the due date as the lists write dates
 * (en-IN style, IST: "1 Dec", "1 Dec 2027" for another year), the parts as the language lists
 * things. A request a person typed (no facts), one raised before the facts were kept, or a kind of
 * job this version does not know shows its `description` as it is.
 *
 * The words are the on-demand `jobs` catalogue (locales/<lng>/on-demand/jobs.json), fetched when
 * a screen first shows a description, not bundled: until it arrives the stored English shows.
 * Every screen that shows a request's description uses this (the request page, the lists, the
 * dashboard, My Tasks, task history, a unit's and a customer's history); the technician's copy
 * kept on the phone is the API's answer, facts included, so it renders offline alike.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobFacts } from '#shared/contracts/job.ts';
import { INTL_TAG, type Locale } from '#shared/i18n/locales.ts';
import { useFormat } from '#web/i18n/hooks.ts';

/** The catalogue of a job's words. */
export const JOBS_NS = 'jobs';

/** What a description is rendered from: the stored text and, for a raised job, its facts. */
export interface Describable {
  description: string;
  /** Absent on an answer kept on a phone before the facts were added. */
  job?: JobFacts | null;
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

/** A function from a request (or a history row) to its description in the screen's language. */
export function useRequestDescription(): (r: Describable) => string {
  const { t, ready } = useTranslation(JOBS_NS);
  const format = useFormat();
  return useCallback(
    (r: Describable) => {
      const job = r.job;
      if (job?.kind !== 'maintenance' || !ready) return r.description;
      const sentence = t('maintenance', {
        date: format.date(job.dueOn),
        unit: [job.brand, job.product].filter(Boolean).join(' '),
        serial: job.serial,
        parts: job.parts.length ? listIn(format.locale, job.parts) : t('scheduledVisit'),
      });
      return `${sentence} ${job.chargeable ? t('chargeable') : t('covered')}`;
    },
    [t, ready, format],
  );
}
