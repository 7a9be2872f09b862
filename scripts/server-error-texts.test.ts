/**
 * The server throws catalogue entries (`ERR.…`, src/shared/i18n/server-messages.ts), never an
 * English text the error handler would have to look up (ADR 022): no error factory in src/server
 * is given a string literal. (A plain string still compiles, as a text outside the catalogue sent
 * as written; this catches it in product code.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './check-i18n.ts';

const FACTORY_WITH_LITERAL =
  /\b(?:invalid\([^,()]+,|conflict\(|forbidden\(|notFound\(|unauthenticated\(|new AppError\([^,()]+,)\s*['"`]/;

/** `file:line: code` of each error factory given a literal in `files`. */
function literalErrorTexts(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .flatMap((line, i) => (FACTORY_WITH_LITERAL.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the server throws catalogue entries', () => {
  it('gives no error factory in src/server an English literal', () => {
    const dir = path.join(ROOT, 'src/server');
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => ({
        file: `src/server/${f.split(path.sep).join('/')}`,
        text: fs.readFileSync(path.join(dir, f), 'utf8'),
      }));
    expect(files.length).toBeGreaterThan(50);
    expect(literalErrorTexts(files)).toEqual([]);
  });

  it('would catch one', () => {
    const text = [
      "throw invalid('email', 'Invalid email');",
      'throw conflict(`Taken`);',
      'throw new AppError(\'NOT_FOUND\', "Gone");',
      'throw notFound(ERR.userNotFound);',
      "throw invalid('email', ERR.reservedEmail);",
    ].join('\n');
    expect(literalErrorTexts([{ file: 'x.ts', text }])).toEqual([
      "x.ts:1: throw invalid('email', 'Invalid email');",
      'x.ts:2: throw conflict(`Taken`);',
      'x.ts:3: throw new AppError(\'NOT_FOUND\', "Gone");',
    ]);
  });
});
