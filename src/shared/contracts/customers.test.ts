/**
 * The customer dialog's pure rules (spec sections 4 and 9): the additional-phone messages and
 * manual coordinate entry, with the spec's exact texts.
 */
import { describe, expect, it } from 'vitest';
import { additionalPhoneError, parseCoordinates } from './customers.ts';

const PRIMARY = '9876543210';

describe('additionalPhoneError', () => {
  it('asks for a number when the field is blank', () => {
    expect(additionalPhoneError('', PRIMARY, [])).toBe('Phone number is required');
    expect(additionalPhoneError('   ', PRIMARY, [])).toBe('Phone number is required');
  });

  it('wants exactly 10 digits', () => {
    for (const candidate of ['12345', '987654321', '98765432101', '98765-4321', '98765abcde']) {
      expect(additionalPhoneError(candidate, PRIMARY, []), candidate).toBe('Phone number must be 10 digits');
    }
  });

  it('refuses a duplicate of the primary or of another extra number', () => {
    expect(additionalPhoneError(PRIMARY, PRIMARY, [])).toBe('This phone number already exists');
    expect(additionalPhoneError(` ${PRIMARY} `, PRIMARY, [])).toBe('This phone number already exists');
    expect(additionalPhoneError('9000000001', PRIMARY, ['9000000001'])).toBe('This phone number already exists');
  });

  it('accepts a new 10-digit number (surrounding spaces ignored)', () => {
    expect(additionalPhoneError('9000000002', PRIMARY, ['9000000001'])).toBeNull();
    expect(additionalPhoneError(' 9000000002 ', PRIMARY, [])).toBeNull();
    // No primary phone typed yet: still a valid extra.
    expect(additionalPhoneError('9000000002', '', [])).toBeNull();
  });
});

describe('parseCoordinates', () => {
  const INVALID = 'Invalid coordinates. Please enter valid numbers.';
  const RANGE = 'Coordinates out of range. Latitude: -90 to 90, Longitude: -180 to 180';

  it('parses two numbers', () => {
    expect(parseCoordinates('13.0827', '80.2707')).toEqual({ ok: true, latitude: 13.0827, longitude: 80.2707 });
    expect(parseCoordinates(' -33.8688 ', '151.2093')).toEqual({ ok: true, latitude: -33.8688, longitude: 151.2093 });
    expect(parseCoordinates('0', '0')).toEqual({ ok: true, latitude: 0, longitude: 0 });
  });

  it('accepts the edges of the range', () => {
    expect(parseCoordinates('90', '180')).toEqual({ ok: true, latitude: 90, longitude: 180 });
    expect(parseCoordinates('-90', '-180')).toEqual({ ok: true, latitude: -90, longitude: -180 });
  });

  it('refuses blanks and text with the invalid message', () => {
    for (const [lat, lng] of [
      ['', '80.2707'],
      ['13.0827', ''],
      ['  ', '  '],
      ['north', '80.2707'],
      ['13.0827', '80,2707'],
      ['Infinity', '1'],
      ['NaN', '1'],
    ] as const) {
      expect(parseCoordinates(lat, lng), `${lat} / ${lng}`).toEqual({ ok: false, message: INVALID });
    }
  });

  it('refuses values out of range with the range message', () => {
    for (const [lat, lng] of [
      ['90.000001', '0'],
      ['-91', '0'],
      ['0', '180.5'],
      ['0', '-181'],
    ] as const) {
      expect(parseCoordinates(lat, lng), `${lat} / ${lng}`).toEqual({ ok: false, message: RANGE });
    }
  });
});
