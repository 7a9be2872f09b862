/** The Reports page's URL filters (issue 38): presets on IST days, defaults, and the round trip. */
import { describe, expect, it } from 'vitest';
import { apiQuery, defaultGroupBy, presetRange, rangeProblem, readFilters, writeFilters } from './url-filters.ts';

describe('presetRange', () => {
  it('names whole months and quarters from today', () => {
    expect(presetRange('thisMonth', '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(presetRange('lastMonth', '2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('lastMonth', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('thisQuarter', '2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-11-29' });
    expect(presetRange('thisQuarter', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(presetRange('last12Months', '2026-11-29')).toEqual({ from: '2025-12-01', to: '2026-11-29' });
  });
});

describe('readFilters and writeFilters', () => {
  it('default to this month, every region, the first report, grouped by the range', () => {
    const f = readFilters(new URLSearchParams(), '2026-11-29');
    expect(f).toMatchObject({ report: 'requests', range: 'thisMonth', from: '2026-11-01', to: '2026-11-29' });
    expect(f.groupBy).toBe('week');
    expect(writeFilters(f).toString()).toBe('');
  });

  it('keep a custom range and a chosen grouping, and drop what they cannot use', () => {
    const p = new URLSearchParams('report=contracts&range=custom&from=2026-01-01&to=2026-06-30&groupBy=day&region=r1');
    const f = readFilters(p, '2026-11-29');
    expect(f).toMatchObject({
      report: 'contracts',
      from: '2026-01-01',
      to: '2026-06-30',
      groupBy: 'day',
      regionId: 'r1',
    });
    expect(Object.fromEntries(writeFilters(f))).toEqual(Object.fromEntries(p));
    expect(apiQuery(f, 'r1')).toEqual({ from: '2026-01-01', to: '2026-06-30', regionId: 'r1', groupBy: 'day' });
    expect(apiQuery({ ...f, report: 'technicians' }, '')).toEqual({
      from: '2026-01-01',
      to: '2026-06-30',
      regionId: undefined,
      groupBy: undefined,
    });
    // A broken custom range or an unknown report falls back to the defaults.
    const bad = readFilters(
      new URLSearchParams('report=nope&range=custom&from=2026-05-01&to=2026-01-01'),
      '2026-11-29',
    );
    expect(bad).toMatchObject({ report: 'requests', range: 'thisMonth', from: '2026-11-01' });
  });

  it('group a fortnight by day, a quarter by week, a year by month', () => {
    expect(defaultGroupBy('2026-11-01', '2026-11-14')).toBe('day');
    expect(defaultGroupBy('2026-10-01', '2026-12-31')).toBe('week');
    expect(defaultGroupBy('2025-12-01', '2026-11-29')).toBe('month');
  });

  it('refuses a custom range the API would refuse', () => {
    expect(rangeProblem('2026-01-01', '')).toBe('invalid');
    expect(rangeProblem('2026-02-01', '2026-01-01')).toBe('order');
    expect(rangeProblem('2025-01-01', '2026-11-29')).toBe('tooLong');
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
});
