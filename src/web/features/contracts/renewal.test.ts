import { describe, expect, it } from 'vitest';
import { plusMonths, proposedPeriod } from './renewal.ts';

const amc = { type: 'AMC', status: 'ACTIVE', startsOn: '2025-12-01', endsOn: '2026-11-30' };

describe('the period a new contract proposes', () => {
  it('starts the day after the current contract of the type ends, and lasts as long', () => {
    expect(proposedPeriod('AMC', [amc], '2026-11-28')).toEqual({
      startsOn: '2026-12-01',
      endsOn: '2027-11-30',
      after: amc,
    });
  });

  it('a renewal keeps the renewed length; another type, or an ended contract, starts today for a year', () => {
    const sixMonths = { ...amc, startsOn: '2026-06-01', endsOn: '2026-11-30' };
    expect(proposedPeriod('AMC', [sixMonths], '2026-11-28', sixMonths)).toMatchObject({
      startsOn: '2026-12-01',
      endsOn: '2027-05-31',
    });
    expect(proposedPeriod('WARRANTY', [amc], '2026-11-28')).toEqual({
      startsOn: '2026-11-28',
      endsOn: '2027-11-27',
      after: null,
    });
    expect(proposedPeriod('AMC', [{ ...amc, status: 'CANCELLED' }], '2026-11-28').startsOn).toBe('2026-11-28');
    expect(proposedPeriod('AMC', [amc], '2026-12-05').startsOn).toBe('2026-12-05');
  });

  it('takes the latest of two active contracts (one already renewed), and clamps month ends', () => {
    const renewed = { ...amc, startsOn: '2026-12-01', endsOn: '2027-11-30' };
    expect(proposedPeriod('AMC', [amc, renewed], '2026-11-28', amc).startsOn).toBe('2027-12-01');
    expect(plusMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(plusMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
});
