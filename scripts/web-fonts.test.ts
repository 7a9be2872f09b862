/**
 * The Indian scripts' fonts (ADR 022, issue 33 item 7), src/web/i18n/fonts.css: each script's Noto
 * face is declared on every page (index.html inlines the file) with its own block as
 * `unicode-range`, from @fontsource's self-hosted files, and every letter of the five languages'
 * catalogues falls in its own face's range. The font stacks: src/web/i18n/fonts.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../src/shared/i18n/locales.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const CSS = read('src/web/i18n/fonts.css');

/** Every .json under a folder, recursively. */
function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? jsonFiles(full) : e.name.endsWith('.json') ? [full] : [];
  });
}

/** Each language's family and the Unicode blocks its face may draw. */
const SCRIPT: Record<Exclude<Locale, 'en-IN'>, { family: string; blocks: [number, number][] }> = {
  hi: {
    family: 'Noto Sans Devanagari',
    blocks: [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
    ],
  },
  ta: { family: 'Noto Sans Tamil', blocks: [[0x0b80, 0x0bff]] },
  te: { family: 'Noto Sans Telugu', blocks: [[0x0c00, 0x0c7f]] },
  kn: { family: 'Noto Sans Kannada', blocks: [[0x0c80, 0x0cff]] },
  ml: { family: 'Noto Sans Malayalam', blocks: [[0x0d00, 0x0d7f]] },
};
const INDIC = Object.keys(SCRIPT) as (keyof typeof SCRIPT)[];

interface Face {
  family: string;
  weight: string;
  src: string;
  ranges: [number, number][];
}

function faces(css: string): Face[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => {
    const body = m[1] as string;
    const prop = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body)?.[1]?.trim() ?? '';
    return {
      family: prop('font-family').replace(/['"]/g, ''),
      weight: prop('font-weight'),
      src: /url\(["']([^"']+)["']\)/.exec(prop('src'))?.[1] ?? '',
      ranges: prop('unicode-range')
        .split(',')
        .map((r) => r.trim().replace(/^U\+/, ''))
        .filter(Boolean)
        .map((r) => {
          const [lo, hi = lo] = r.split('-') as [string, string?];
          return [Number.parseInt(lo, 16), Number.parseInt(hi, 16)] as [number, number];
        }),
    };
  });
}

const inside = (cp: number, ranges: [number, number][]) => ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

describe('fonts.css', () => {
  const declared = faces(CSS);

  it("declares each script's face at 400, 500 and 700 with its own blocks as unicode-range", () => {
    expect(declared).toHaveLength(INDIC.length * 3);
    for (const lng of INDIC) {
      const { family, blocks } = SCRIPT[lng];
      const own = declared.filter((f) => f.family === family);
      expect(own.map((f) => f.weight)).toEqual(['400', '500', '700']);
      for (const face of own) expect(face.ranges, `${family} ${face.weight}`).toEqual(blocks);
    }
  });

  it('leaves out what Latin text uses too: a rupee sign, ZWJ/ZWNJ or a Latin letter fetches no Indian face', () => {
    for (const face of declared) {
      for (const cp of [0x41, 0x20b9, 0x200c, 0x200d, 0x25cc, 0x2013]) {
        expect(inside(cp, face.ranges), `${face.family} covers U+${cp.toString(16)}`).toBe(false);
      }
    }
  });

  it("points at @fontsource's self-hosted woff2 files, which exist", () => {
    for (const face of declared) {
      expect(face.src).toMatch(/^@fontsource\/noto-sans-[a-z]+\/files\/.+\.woff2$/);
      expect(fs.existsSync(path.join(ROOT, 'node_modules', face.src)), face.src).toBe(true);
    }
  });

  it('is in index.html (inlined by the build), so every page has it whatever its language', () => {
    expect(read('src/web/index.html')).toMatch(/<style>\s*@import '\.\/i18n\/fonts\.css';\s*<\/style>/);
  });

  it("covers every letter of each language's catalogues with that language's own face", () => {
    for (const lng of INDIC) {
      const own = declared.find((f) => f.family === SCRIPT[lng].family)?.ranges ?? [];
      const text = [
        ...jsonFiles(path.join(ROOT, 'src/web/i18n/locales', lng)),
        ...jsonFiles(path.join(ROOT, 'src/shared/i18n/locales', lng)),
      ]
        .map((f) => fs.readFileSync(f, 'utf8'))
        .join('');
      // Letters of any Indian script (U+0900 to U+0DFF): each in the language's own ranges.
      const letters = new Set([...text].filter((c) => /[\u0900-\u0DFF]/.test(c)));
      expect(letters.size, lng).toBeGreaterThan(20);
      const outside = [...letters].filter((c) => !inside(c.codePointAt(0) as number, own));
      expect(outside, `${lng} letters outside ${SCRIPT[lng].family}'s ranges`).toEqual([]);
    }
  });
});
