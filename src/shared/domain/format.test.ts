import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDuration,
  initials,
  monthYear,
  percent1,
  roundedPercent,
  STATUS_COLOR,
  shortId,
  statusLabel,
  truncate,
} from './format.ts';

describe('initials', () => {
  it('takes the first letters of the words, at most 2, upper case', () => {
    expect(initials('Asha Admin')).toBe('AA');
    expect(initials('john ronald reuel tolkien')).toBe('JR');
    expect(initials('madonna')).toBe('M');
    expect(initials('  divya   sales  lead ')).toBe('DS');
  });
  it('is empty for no name', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(undefined)).toBe('');
  });
});

describe('shortId', () => {
  it('keeps the first 8 characters', () => {
    expect(shortId('3f2a9c1e-7b4d-4e2a-9c1e-000000000000')).toBe('3f2a9c1e');
    expect(shortId('abc')).toBe('abc');
  });
});

describe('statusLabel and colours', () => {
  it('shows underscores as spaces', () => {
    expect(statusLabel('PENDING_APPROVAL')).toBe('PENDING APPROVAL');
    expect(statusLabel('WORK_COMPLETED')).toBe('WORK COMPLETED');
    expect(statusLabel('DRAFT')).toBe('DRAFT');
  });
  it('colours per spec section 4', () => {
    expect(STATUS_COLOR).toEqual({
      DRAFT: 'default',
      PENDING_APPROVAL: 'warning',
      APPROVED: 'success',
      ASSIGNED: 'info',
      IN_PROGRESS: 'primary',
      WORK_COMPLETED: 'success',
      COMPLETED: 'success',
      REJECTED: 'error',
    });
  });
});

describe('formatDuration', () => {
  it('shows HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59.9)).toBe('00:00:59');
    expect(formatDuration(61)).toBe('00:01:01');
    expect(formatDuration(3661)).toBe('01:01:01');
  });
  it('lets hours pass 24 and never goes negative', () => {
    expect(formatDuration(90_000)).toBe('25:00:00');
    expect(formatDuration(-5)).toBe('00:00:00');
  });
});

describe('percent1', () => {
  it('is a percent to one decimal', () => {
    expect(percent1(1, 3)).toBe('33.3');
    expect(percent1(2, 3)).toBe('66.7');
    expect(percent1(3, 3)).toBe('100.0');
  });
  it('is 0.0 for no total', () => {
    expect(percent1(0, 0)).toBe('0.0');
  });
});

describe('roundedPercent', () => {
  it('rounds', () => {
    expect(roundedPercent(1, 3)).toBe(33);
    expect(roundedPercent(2, 3)).toBe(67);
    expect(roundedPercent(1, 2)).toBe(50);
  });
  it('is 0 for no total', () => {
    expect(roundedPercent(5, 0)).toBe(0);
  });
});

describe('truncate', () => {
  it('keeps short text', () => {
    expect(truncate('short', 100)).toBe('short');
    expect(truncate('x'.repeat(100), 100)).toBe('x'.repeat(100));
  });
  it('cuts at n characters with an ellipsis', () => {
    expect(truncate('x'.repeat(101), 100)).toBe(`${'x'.repeat(100)}...`);
  });
});

describe('dates', () => {
  it('are empty for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
  it('use the en-IN short month, in IST whatever the time zone of the machine', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    // 09:00 UTC is 14:30 IST. Short month, day, hour and minute (spec section 9).
    expect(formatDateTime('2026-01-05T09:00:00Z', 'en-IN', now)).toMatch(/^5 Jan, 02:30 pm$/i);
  });
  it('add the year for a date of another year (ADR 020)', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(formatDateTime('2025-11-22T04:14:00Z', 'en-IN', now)).toMatch(/^22 Nov 2025, 09:44 am$/i);
    expect(formatDateTime('2027-02-01T04:14:00Z', 'en-IN', now)).toMatch(/^1 Feb 2027, 09:44 am$/i);
  });
  it('decide "this year" in IST: 31 Dec 20:00 UTC is already 1 Jan in India', () => {
    const now = new Date('2027-01-01T00:30:00+05:30');
    expect(formatDateTime('2026-12-31T20:00:00Z', 'en-IN', now)).toMatch(/^1 Jan, 01:30 am$/i);
    expect(formatDateTime('2026-12-31T18:00:00Z', 'en-IN', now)).toMatch(/^31 Dec 2026, 11:30 pm$/i);
  });
});

describe('monthYear (Customer since)', () => {
  it('gives the full month name and the year', () => {
    expect(monthYear(new Date(2026, 10, 5))).toBe('November 2026');
    expect(monthYear(new Date(2025, 0, 31))).toBe('January 2025');
  });
  it('takes an ISO string as the API sends it', () => {
    // Midday UTC: the same month in every time zone.
    expect(monthYear('2024-03-15T12:00:00.000Z')).toBe('March 2024');
  });
});
