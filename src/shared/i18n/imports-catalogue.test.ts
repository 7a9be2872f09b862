/**
 * The imports' own catalogue (ADR 040: src/shared/i18n/locales/<lng>/imports.json, kept out of the
 * `server` catalogue the web's first load bundles): every key of en-IN in every language, no
 * other, the same placeholders, none empty. scripts/check-i18n.ts checks the other catalogues.
 */
import { describe, expect, it } from 'vitest';
import enIN from './locales/en-IN/imports.json' with { type: 'json' };
import hi from './locales/hi/imports.json' with { type: 'json' };
import kn from './locales/kn/imports.json' with { type: 'json' };
import ml from './locales/ml/imports.json' with { type: 'json' };
import ta from './locales/ta/imports.json' with { type: 'json' };
import te from './locales/te/imports.json' with { type: 'json' };

const flat = (o: object, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'object' && v ? Object.entries(flat(v, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
    ),
  );
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the imports catalogue', () => {
  const source = flat(enIN);
  it.each(Object.entries({ hi, ta, te, kn, ml }))(
    '%s has every key of en-IN, translated, with its placeholders',
    (_, cat) => {
      const have = flat(cat);
      expect(Object.keys(have).sort()).toEqual(Object.keys(source).sort());
      for (const [key, text] of Object.entries(have)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(source[key] ?? ''));
        // A translation, not an English copy (the few words the same everywhere: none here but MB and IDs).
        if (!/^(\{\{\w+\}\}|[A-Z]{2,})/.test(source[key] ?? '')) expect(text, key).not.toBe(source[key]);
      }
    },
  );
});
