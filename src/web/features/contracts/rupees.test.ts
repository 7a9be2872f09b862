import { describe, expect, it } from 'vitest';
import { MAX_PAISE, parseRupees, rupeesText } from './rupees.ts';

describe('prices typed in rupees', () => {
  it('reads Indian grouping, a ₹ sign and up to two decimals, in exact paise', () => {
    expect(parseRupees('4999')).toBe(499_900);
    expect(parseRupees('1,00,000')).toBe(10_000_000);
    expect(parseRupees('₹ 4,999.5')).toBe(499_950);
    expect(parseRupees('4999.99')).toBe(499_999);
    expect(parseRupees('0')).toBe(0);
    expect(parseRupees('12.')).toBe(1_200);
  });

  it('refuses what is not an amount, three decimals, a negative and more than the API takes', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '1e5', '4 999,00.1.2']) expect(parseRupees(bad)).toBeNull();
    expect(parseRupees(String(MAX_PAISE / 100))).toBe(MAX_PAISE);
    expect(parseRupees(String(MAX_PAISE / 100 + 1))).toBeNull();
  });

  it('shows paise as rupees with Indian grouping', () => {
    expect(rupeesText(10_000_000)).toBe('1,00,000');
    expect(rupeesText(499_950)).toBe('4,999.50');
    expect(rupeesText(0)).toBe('0');
    expect(parseRupees(rupeesText(123_456_789))).toBe(123_456_789);
  });
});
