import { describe, expect, it } from 'vitest';
import { formatPhone, telHref } from './phone.ts';
import { formatTicket, parseTicketSearch } from './ticket.ts';

describe('formatTicket', () => {
  it('pads to six digits after SR-', () => {
    expect(formatTicket(1)).toBe('SR-000001');
    expect(formatTicket(123)).toBe('SR-000123');
    expect(formatTicket(999999)).toBe('SR-999999');
  });
  it('grows past a million instead of cutting digits', () => {
    expect(formatTicket(1234567)).toBe('SR-1234567');
  });
});

describe('parseTicketSearch', () => {
  it('reads SR-000123, sr-123, SR123 and sr 123 as that ticket only', () => {
    for (const term of ['SR-000123', 'sr-123', 'SR123', 'sr 123', '  Sr-0123 ']) {
      expect(parseTicketSearch(term)).toEqual({ ticketNo: 123, prefixed: true });
    }
  });
  it('reads a bare number as a ticket that text may also match', () => {
    expect(parseTicketSearch('123')).toEqual({ ticketNo: 123, prefixed: false });
    expect(parseTicketSearch('000123')).toEqual({ ticketNo: 123, prefixed: false });
  });
  it('is null for words, zero, signs and numbers too long to be a ticket', () => {
    for (const term of ['', 'SR-', 'leak', 'SR-12a', 'SR-0', '0', '-12', '12.5', 'SR--12', '1234567890123456']) {
      expect(parseTicketSearch(term)).toBeNull();
    }
  });
});

describe('formatPhone', () => {
  it('groups a 10-digit Indian mobile 5 + 5', () => {
    expect(formatPhone('9840012345')).toBe('98400 12345');
    expect(formatPhone('98400-12345')).toBe('98400 12345');
    expect(formatPhone('09840012345')).toBe('98400 12345');
  });
  it('keeps the country code as +91', () => {
    expect(formatPhone('+919840012345')).toBe('+91 98400 12345');
    expect(formatPhone('+91 98400 12345')).toBe('+91 98400 12345');
    expect(formatPhone('919840012345')).toBe('+91 98400 12345');
    expect(formatPhone('0091 9840012345')).toBe('+91 98400 12345');
  });
  it('leaves what it does not recognise as entered (landlines, foreign numbers)', () => {
    expect(formatPhone('044 2434 5678')).toBe('044 2434 5678');
    expect(formatPhone('+1 415 555 0100')).toBe('+1 415 555 0100');
    expect(formatPhone(' 12345 ')).toBe('12345');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});

describe('telHref', () => {
  it('keeps the digits and a leading +', () => {
    expect(telHref('+91 98400 12345')).toBe('tel:+919840012345');
    expect(telHref('98400-12345')).toBe('tel:9840012345');
    expect(telHref('(044) 2434 5678')).toBe('tel:04424345678');
  });
});
