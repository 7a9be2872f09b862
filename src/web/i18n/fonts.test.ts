/**
 * The theme's font stacks (ADR 022, issue 33 item 7): the five Indian scripts' Noto faces (each
 * declared for its own block only, scripts/web-fonts.test.ts) before the Latin fonts.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/i18n/locales.ts';
import { FONT_STACK, fontStack } from './fonts.ts';

const FAMILY = {
  hi: 'Noto Sans Devanagari',
  ta: 'Noto Sans Tamil',
  te: 'Noto Sans Telugu',
  kn: 'Noto Sans Kannada',
  ml: 'Noto Sans Malayalam',
} as const;

describe('font stacks', () => {
  const families = (stack: string) => stack.split(',').map((f) => f.trim().replace(/"/g, ''));

  it('the theme stack: the five scripts (each for its own letters), then the Latin fonts, then sans-serif', () => {
    const stack = families(FONT_STACK);
    expect(stack.slice(0, 5).sort()).toEqual(Object.values(FAMILY).sort());
    expect(stack.slice(5, 8)).toEqual(['Roboto', 'Helvetica', 'Arial']);
    expect(stack.at(-1)).toBe('sans-serif');
    expect(fontStack('en-IN')).toBe(FONT_STACK);
  });

  it("a language's stack: its script first, and every other script and the Latin fonts once each", () => {
    for (const lng of LOCALES.filter((l): l is keyof typeof FAMILY => l !== 'en-IN')) {
      const stack = families(fontStack(lng));
      expect(stack[0]).toBe(FAMILY[lng]);
      expect([...stack].sort()).toEqual([...families(FONT_STACK)].sort());
    }
  });
});
