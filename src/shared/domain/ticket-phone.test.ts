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
  it('writes a landline as its STD code with the trunk 0, then the number (issue 33)', () => {
    // Chennai's 2-digit code: 8 digits as 4 + 4, however it was typed.
    expect(formatPhone('4424567890')).toBe('044 2456 7890');
    expect(formatPhone('04424567890')).toBe('044 2456 7890');
    expect(formatPhone('044-24567890')).toBe('044 2456 7890');
    expect(formatPhone('(044) 2456 7890')).toBe('044 2456 7890');
    // Coimbatore's 3-digit code: 7 digits as 3 + 4.
    expect(formatPhone('4222456789')).toBe('0422 245 6789');
    // With the country code the trunk 0 goes.
    expect(formatPhone('+914424567890')).toBe('+91 44 2456 7890');
    expect(formatPhone('+91 422 245 6789')).toBe('+91 422 245 6789');
    // Bengaluru's 080 reads as a landline only as people write it, with a break after the code.
    expect(formatPhone('080-2345 6789')).toBe('080 2345 6789');
    expect(formatPhone('08023456789')).toBe('80234 56789');
  });
  it('leaves what it does not recognise as entered (unknown STD codes, foreign numbers)', () => {
    // 4562 (4 digits) or 456 (3)? The digits alone cannot tell: as typed.
    expect(formatPhone('04562 245678')).toBe('04562 245678');
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
