/**
 * The location capture's pure parts (spec sections 4, 9 and 10): the five geolocation messages,
 * the options every reading uses (high accuracy, 10 s timeout, no cached position), and how one
 * reading maps the browser's answer. `navigator` is replaced by a scripted fake.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GEOLOCATION_ERRORS,
  GEOLOCATION_OPTIONS,
  geolocationErrorMessage,
  getCurrentLocation,
} from './LocationCapture.tsx';

describe('geolocationErrorMessage', () => {
  it('gives the spec’s text for each GeolocationPositionError code', () => {
    expect(geolocationErrorMessage(1)).toBe('Location permission denied. Please enable location access.');
    expect(geolocationErrorMessage(2)).toBe('Location information unavailable. Try manual entry.');
    expect(geolocationErrorMessage(3)).toBe('Location request timed out. Try again.');
  });
  it('falls back to the generic text for anything else', () => {
    for (const code of [undefined, 0, 4, 99, -1]) {
      expect(geolocationErrorMessage(code)).toBe('An error occurred while getting location.');
    }
  });
});

describe('GEOLOCATION_ERRORS', () => {
  it('holds exactly the spec’s five messages', () => {
    expect(GEOLOCATION_ERRORS).toEqual({
      unsupported: 'Geolocation is not supported by the browser',
      denied: 'Location permission denied. Please enable location access.',
      unavailable: 'Location information unavailable. Try manual entry.',
      timeout: 'Location request timed out. Try again.',
      unknown: 'An error occurred while getting location.',
    });
  });
});

describe('GEOLOCATION_OPTIONS', () => {
  it('asks for high accuracy, a 10 s timeout and never a cached position', () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
  });
});

type Success = (pos: { coords: { latitude: number; longitude: number; accuracy: number } }) => void;
type Failure = (err: { code: number }) => void;

function fakeGeolocation(answer: (ok: Success, fail: Failure) => void) {
  const getCurrentPosition = vi.fn((ok: Success, fail: Failure, _options?: PositionOptions) => answer(ok, fail));
  vi.stubGlobal('navigator', { geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

describe('getCurrentLocation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rejects with the unsupported message when the browser has no geolocation', async () => {
    vi.stubGlobal('navigator', {});
    await expect(getCurrentLocation()).rejects.toThrow('Geolocation is not supported by the browser');
  });

  it('asks once with the spec’s options and resolves with latitude, longitude and accuracy', async () => {
    const ask = fakeGeolocation((ok) => ok({ coords: { latitude: 13.0827, longitude: 80.2707, accuracy: 25.4 } }));
    await expect(getCurrentLocation()).resolves.toEqual({ latitude: 13.0827, longitude: 80.2707, accuracy: 25.4 });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
  });

  it('gives a null accuracy when the browser reports none', async () => {
    fakeGeolocation((ok) => ok({ coords: { latitude: 1, longitude: 2, accuracy: Number.NaN } }));
    await expect(getCurrentLocation()).resolves.toEqual({ latitude: 1, longitude: 2, accuracy: null });
  });

  it.each([
    [1, 'Location permission denied. Please enable location access.'],
    [2, 'Location information unavailable. Try manual entry.'],
    [3, 'Location request timed out. Try again.'],
    [7, 'An error occurred while getting location.'],
  ])('rejects a failure with code %i with “%s”', async (code, message) => {
    fakeGeolocation((_ok, fail) => fail({ code }));
    await expect(getCurrentLocation()).rejects.toThrow(message);
  });

  it('turns a throwing browser call into the generic message', async () => {
    fakeGeolocation(() => {
      throw new Error('boom');
    });
    await expect(getCurrentLocation()).rejects.toThrow('An error occurred while getting location.');
  });
});
