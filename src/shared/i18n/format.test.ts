/** The Intl formatters of the six languages (issue 33): one rule for am/pm, the year only when it is not this year. */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../domain/format.ts';
import { formatDate, formatDateTimeIn, formatTime } from './format.ts';
import { LOCALES } from './locales.ts';

// 01:00 IST on 28 Nov 2026.
const ONE_AM = '2026-11-27T19:30:00Z';
const TWO_PM = '2026-11-28T08:30:00Z';

describe('times', () => {
  it('write am and pm in lower case in all six languages', () => {
    for (const lng of LOCALES) {
      expect(formatTime(ONE_AM, lng), lng).toMatch(/^1:00\sam$/);
      expect(formatTime(TWO_PM, lng), lng).toMatch(/^2:00\spm$/);
      expect(formatDateTimeIn(ONE_AM, lng), lng).toMatch(/1:00\sam$/);
      expect(formatDateTime(ONE_AM, lng, new Date(TWO_PM)), lng).toMatch(/01:00\sam$/);
    }
  });
  it('keep the rest of each language as Intl writes it (Tamil: month first)', () => {
    expect(formatDateTime(ONE_AM, 'ta', new Date(TWO_PM))).toMatch(/^நவ\. 28, 01:00\sam$/);
    expect(formatDateTime(ONE_AM, 'en-IN', new Date(TWO_PM))).toMatch(/^28 Nov, 01:00\sam$/);
  });
});

describe('formatDate', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('drops the year within this year, as the lists do', () => {
    expect(formatDate('2026-12-01', 'en-IN', now)).toBe('1 Dec');
    expect(formatDate('2026-01-05', 'en-IN', now)).toBe('5 Jan');
  });
  it('gives the year for another year', () => {
    expect(formatDate('2027-12-01', 'en-IN', now)).toBe('1 Dec 2027');
    expect(formatDate('2025-11-22', 'en-IN', now)).toBe('22 Nov 2025');
  });
  it('decides the year in IST: 31 Dec 20:00 UTC is already 1 Jan in India', () => {
    const newYear = new Date('2027-01-01T00:30:00+05:30');
    expect(formatDate('2026-12-31T20:00:00Z', 'en-IN', newYear)).toBe('1 Jan');
    expect(formatDate('2026-12-31T18:00:00Z', 'en-IN', newYear)).toBe('31 Dec 2026');
  });
  it('is empty for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
