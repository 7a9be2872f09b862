import { describe, expect, it } from 'vitest';
import { qrCustomerWords } from './request-description.ts';

describe("a QR request's customer words", () => {
  it('are what follows the stored English, none after a full stop, the whole text for another shape', () => {
    const note = "(reported by the customer from the unit's QR sticker)";
    expect(qrCustomerWords(`Leaking ${note}: drips (a lot): since Monday`, 'LEAKING')).toBe(
      'drips (a lot): since Monday',
    );
    expect(qrCustomerWords(`Leaking ${note}.`, 'LEAKING')).toBe('');
    expect(qrCustomerWords('Water is salty', 'OTHER')).toBe('Water is salty');
  });
});
