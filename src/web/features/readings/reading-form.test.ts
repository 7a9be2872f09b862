/** The readings form's check (issue 36): typed text to numbers, and the contract's bounds and messages. */
import { describe, expect, it } from 'vitest';
import { TDS_MESSAGE } from '#shared/contracts/readings.ts';
import { messageKeyOf, readingForm, typedNumber } from './reading-form.ts';

describe('the readings form', () => {
  it('reads numbers as phones type them', () => {
    expect([typedNumber(' 450 '), typedNumber('7,2'), typedNumber('.5'), typedNumber('')]).toEqual([
      450,
      7.2,
      0.5,
      null,
    ]);
    expect(typedNumber('1e3')).toBeNaN();
    expect(typedNumber('-4')).toBeNaN();
  });

  it('takes the bounds and messages of the contract; optional fields left blank are null', () => {
    const ok = readingForm.safeParse({ tdsIn: '5000', tdsOut: '0', ph: '', hardness: '2000' });
    expect(ok.data).toEqual({ tdsIn: 5000, tdsOut: 0, ph: null, hardness: 2000 });
    const bad = readingForm.safeParse({ tdsIn: '5000.1', tdsOut: '', ph: '14.5', hardness: 'x' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), messageKeyOf(i.message)])).toEqual([
      ['tdsIn', 'form.tdsInvalid'],
      ['tdsOut', 'form.tdsInvalid'],
      ['ph', 'form.phInvalid'],
      ['hardness', 'form.hardnessInvalid'],
    ]);
    expect(messageKeyOf(TDS_MESSAGE)).toBe('form.tdsInvalid');
  });
});
