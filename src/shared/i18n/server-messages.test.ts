import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { statusLabel } from '../domain/format.ts';
import { REQUEST_STATUSES } from '../domain/workflow.ts';
import enIN from './locales/en-IN/server.json' with { type: 'json' };
import hi from './locales/hi/server.json' with { type: 'json' };
import kn from './locales/kn/server.json' with { type: 'json' };
import ml from './locales/ml/server.json' with { type: 'json' };
import ta from './locales/ta/server.json' with { type: 'json' };
import te from './locales/te/server.json' with { type: 'json' };
import { LOCALES } from './locales.ts';
import { type CatalogueText, ERR, PLACEHOLDERS, requestStatusParam } from './server-messages.ts';

const catalogues: Record<string, unknown> = { 'en-IN': enIN, hi, ta, te, kn, ml };
const valueAt = (cat: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), cat);
const placeholdersOf = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const declared = PLACEHOLDERS as Record<string, readonly string[]>;
/** Every entry with sample parameters: a number for each placeholder. */
const entries: [string, CatalogueText][] = Object.entries(ERR).map(([name, entry]) => [
  name,
  typeof entry === 'function'
    ? (entry as (p: Record<string, number>) => CatalogueText)(
        Object.fromEntries((declared[name] ?? []).map((p, i) => [p, 7 + i])),
      )
    : (entry as CatalogueText),
]);

describe('ERR, the server catalogue as typed entries (ADR 022)', () => {
  it('holds every entry of the error, maintenance.error, stock.error and reports.error sections, under names that do not overlap', () => {
    const names = [
      ...Object.keys(enIN.error),
      ...Object.keys(enIN.maintenance.error),
      ...Object.keys(enIN.stock.error),
      // Issue 38: reports
      ...Object.keys(enIN.reports.error),
    ];
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(ERR).sort()).toEqual(names.sort());
  });

  it("has each entry's key in all six catalogues, with the same placeholders", () => {
    for (const [name, entry] of entries) {
      const source = valueAt(enIN, entry.key);
      expect(typeof source, entry.key).toBe('string');
      const names = placeholdersOf(source as string);
      // PLACEHOLDERS (what `tsc` checks the calls against) says the same as the catalogue.
      expect([...(declared[name] ?? [])].sort(), entry.key).toEqual(names);
      expect(Object.keys(entry.params).sort(), entry.key).toEqual(names);
      for (const lng of LOCALES) {
        const text = valueAt(catalogues[lng], entry.key);
        expect(typeof text, `${lng} ${entry.key}`).toBe('string');
        expect(placeholdersOf(text as string), `${lng} ${entry.key}`).toEqual(names);
      }
    }
  });

  it('gives as English what the en-IN catalogue renders for its key (the bytes the API sends)', () => {
    const t = i18next.createInstance();
    void t.init({
      resources: { 'en-IN': { server: enIN } },
      lng: 'en-IN',
      ns: ['server'],
      defaultNS: 'server',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    for (const [, entry] of entries) expect(t.t(entry.key, { ...entry.params })).toBe(entry.text);
    expect(ERR.regionNotFound).toEqual({ key: 'error.regionNotFound', text: 'Region not found', params: {} });
    expect(ERR.imageTooLarge({ max: 2.5 })).toEqual({
      key: 'error.imageTooLarge',
      text: 'The image is too large: at most 2.5 MB',
      params: { max: 2.5 },
    });
  });

  it("names a request's status by its catalogue word, in the English the API always sent", () => {
    for (const status of REQUEST_STATUSES) {
      const param = requestStatusParam(status);
      expect(param).toEqual({ key: `requestStatus.${status}`, text: statusLabel(status), params: {} });
      expect(ERR.movedOnStatus({ status: param }).text).toBe(
        `This request has moved on: it is now ${statusLabel(status)}. Reload to see its current state.`,
      );
    }
    expect(requestStatusParam('SOMETHING_ELSE')).toBe('SOMETHING ELSE');
  });
});
