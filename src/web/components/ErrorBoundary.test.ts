/** Which errors mean "the page's code did not arrive" (wait and retry) rather than a bug (the spec's error screen). */
import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './ErrorBoundary.tsx';

describe('isChunkLoadError', () => {
  it('recognises a failed page chunk in Chromium, Firefox and Safari, and a failed CSS preload', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/RolesPage-abc.js',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
  });
  it('leaves every other error to the error screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadError(new Error('Failed to fetch users'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
