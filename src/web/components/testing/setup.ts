/**
 * The `components` vitest project's setup (ADR 030): jsdom, the app's i18next in English (India)
 * with its bundled catalogues, and a clean document after each test.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Before i18n reads it: the language chosen on this "device" is English (India).
window.localStorage.setItem('locale', 'en-IN');
const { i18nReady } = await import('#web/i18n/index.ts');
await i18nReady;

// findBy*/waitFor wait for what the user would see; 1 s (the default) is short on a loaded
// machine at half speed (ADR 028). A passing wait ends as soon as it holds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.localStorage.setItem('locale', 'en-IN');
});
