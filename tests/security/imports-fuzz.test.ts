/**
 * R9 for the imports (issue 34 item 2, ADR 040): their bodies are multipart, which the JSON fuzz
 * of fuzz.test.ts does not reach. Random bytes and random text as the file, every field of the
 * form wrong (values, JSON, nesting, prototype pollution, sizes), broken multipart bodies and
 * broken archives, on each import route. None may answer 5xx or leave an unhandled rejection.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';
import { csv, form, xlsx, zip } from '../api/imports/helpers.ts';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedIn(ctx, ROLE.SUPER_ADMIN)).headers;
}, 60_000);
afterAll(() => ctx.close());

const ROUTES = [
  '/api/imports/customers',
  '/api/imports/units',
  '/api/imports/customers/errors',
  '/api/imports/units/errors',
];
const GOOD = csv([
  ['Name', 'Phone', 'Address', 'Region', 'Customer phone', 'Product', 'Serial number', 'Installed on'],
  ['Fuzz Person', '9840012345', '12 Lake Road, Adyar', 'Nowhere', '9840012345', 'None', 'F-1', '2025-01-01'],
]);
const WRONG = [
  '',
  ' ',
  'yes',
  'TRUE',
  'null',
  '{}',
  '[]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  `{"x":"${'y'.repeat(30_000)}"}`,
  '{"Name":"lastChanged:"}',
  '{"Name":{"nested":1}}',
  '{"2":"explode","3":"update"}',
  '{"-1":"skip"}',
  '\u0000',
  'x'.repeat(300_000),
];

interface Shot {
  url: string;
  payload: Buffer | string;
  headers: Record<string, string>;
}

describe('R9: fuzzing the imports', () => {
  it('over 1,500 malformed imports: 0 answers 5xx, 0 unhandled rejections', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const shots: Shot[] = [];
    const add = (url: string, body: ReturnType<typeof form>) => shots.push({ url, ...body });
    const bytes = fc.sample(fc.uint8Array({ minLength: 0, maxLength: 4000 }), { numRuns: 200, seed: 7 });
    const texts = fc.sample(fc.string({ unit: 'grapheme', maxLength: 2000 }), { numRuns: 200, seed: 8 });
    const tables = fc.sample(
      fc.array(
        fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.double({ noNaN: true })), { maxLength: 8 }),
        {
          minLength: 1,
          maxLength: 12,
        },
      ),
      { numRuns: 10, seed: 9 },
    );
    const books = await Promise.all(tables.map((t) => xlsx(t)));
    const archives = [
      zip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook') }]),
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>99</v></c></row>'),
        },
      ]),
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
        { name: '../../etc/passwd', data: Buffer.from('x') },
      ]),
      Buffer.concat([zip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }]).subarray(0, 40)]),
      Buffer.from('PK\u0003\u0004 not really a zip at all'),
    ];
    for (const url of ROUTES) {
      for (const b of bytes) add(url, form(Buffer.from(b), { dryRun: 'true' }));
      for (const t of texts) add(url, form(Buffer.from(t, 'utf8'), { dryRun: 'true' }));
      for (const book of books) add(url, form(book, { dryRun: 'true' }, 'fuzz.xlsx'));
      for (const a of archives) add(url, form(a, { dryRun: 'true' }, 'fuzz.xlsx'));
      for (const field of ['dryRun', 'onDuplicate', 'mapping', 'duplicateChoices']) {
        for (const value of WRONG) add(url, form(GOOD, { [field]: value }));
      }
      // Broken multipart: a wrong boundary, cut short, no file, two files, a field too many.
      const ok = form(GOOD);
      shots.push({ url, payload: ok.payload, headers: { 'content-type': 'multipart/form-data; boundary=nope' } });
      shots.push({ url, payload: ok.payload.subarray(0, ok.payload.length / 2), headers: ok.headers });
      shots.push({ url, payload: ok.payload, headers: { 'content-type': 'multipart/form-data' } });
      add(url, form(null, { dryRun: 'false' }));
      const two = form(GOOD, {}, 'a.csv');
      shots.push({
        url,
        payload: Buffer.concat([two.payload.subarray(0, -4), form(GOOD).payload]),
        headers: two.headers,
      });
      add(url, form(GOOD, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x']))));
      shots.push({ url, payload: '{"file":"Name,Phone"}', headers: { 'content-type': 'application/json' } });
      shots.push({ url, payload: 'Name,Phone\n', headers: { 'content-type': 'text/csv' } });
      shots.push({ url, payload: '', headers: {} });
    }

    let fiveXx = 0;
    const samples: string[] = [];
    const statuses = new Map<number, number>();
    for (const s of shots) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: s.url,
        headers: { ...admin, ...s.headers },
        payload: s.payload,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        fiveXx++;
        if (samples.length < 10)
          samples.push(`${s.url} ${String(s.payload).slice(0, 100)} → ${res.body.slice(0, 300)}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off('unhandledRejection', onRejection);
    const spread = [...statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}×${v}`)
      .join(' ');
    console.info(`R9 imports: ${shots.length} malformed imports: ${fiveXx} 5xx (${spread})`);
    expect(samples).toEqual([]);
    expect(shots.length).toBeGreaterThanOrEqual(1500);
    expect(fiveXx).toBe(0);
    expect(rejections).toEqual([]);
  }, 300_000);

  it('bad template formats are a 400 with a message', async () => {
    for (const q of ['format=pdf', 'format=', 'format=CSV', `format=${'x'.repeat(3000)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/imports/units/template?${q}`, headers: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
