/**
 * Importing customers (issue 34 item 2, ADR 040), as a client sees it: each row checked with the
 * customer form's rules and messages (in the reader's language), a dry run that writes nothing,
 * all or nothing, the duplicates' choice, the file limits, the audit row and the templates.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import hiImports from '#shared/i18n/locales/hi/imports.json' with { type: 'json' };
import hiServer from '#shared/i18n/locales/hi/server.json' with { type: 'json' };
import { createTestApp, makeCustomer, makeRegion, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';
import { csv, form, readXlsx, xlsx, zip } from './helpers.ts';

let ctx: TestContext;
let admin: { authorization: string };
let regionName: string;
const HEADER = ['Name', 'Phone', 'Other phones', 'Email', 'Address', 'Region', 'External ID'];

beforeAll(async () => {
  ctx = await createTestApp();
  regionName = (await makeRegion(ctx.db, 'Chennai South')).name;
  admin = (await signedIn(ctx, ROLE.SUPER_ADMIN)).headers;
}, 60_000);
afterAll(() => ctx.close());

function post(kind: 'customers' | 'units', body: ReturnType<typeof form>, headers: Record<string, string> = admin) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const countCustomers = async () => (await ctx.db.select({ id: customers.id }).from(customers)).length;

/** A unique ten-digit phone per test row. */
let next = 7_100_000_000;
const phone = () => String(next++);

describe('validation: the form’s rules and messages, by row and column', () => {
  it('reports every bad cell with its spreadsheet row and column, and writes nothing on a dry run', async () => {
    const before = await countCustomers();
    const file = csv([
      HEADER,
      ['Anitha Rao', phone(), '', 'anitha@example.com', '4 Temple Street, Mylapore', regionName, ''],
      ['', '98400', '', 'not-an-email', 'Hut', regionName, ''], // row 3: four problems
      ['Bala Murugan', phone(), '', '', '9 Beach Road, Besant Nagar', 'Atlantis', ''], // row 4: no such region
      [],
      ['Chitra Devi', phone(), '', '', '22 Lake View, Velachery', 'chennai south', 'C-9'], // row 6: region by name, any case
    ]);
    const res = await post('customers', form(file, { dryRun: 'true' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // All or nothing: with an error in the file, this import would write nothing; two rows are valid.
    expect(body).toMatchObject({
      kind: 'customers',
      dryRun: true,
      rows: 4,
      valid: 2,
      created: 0,
      updated: 0,
      skipped: 0,
    });
    expect(body.errors).toEqual([
      // By row, then in the file's column order.
      { row: 3, column: 'Name', message: 'Name is required' },
      { row: 3, column: 'Phone', message: 'Phone number must be 10 digits' },
      { row: 3, column: 'Email', message: 'Invalid email' },
      { row: 3, column: 'Address', message: 'Address must be at least 5 characters' },
      { row: 4, column: 'Region', message: 'Region not found' },
    ]);
    expect(body.columns).toEqual(
      HEADER.map((header, i) => ({
        header,
        field: ['name', 'primaryPhone', 'phoneNumbers', 'email', 'address', 'region', 'externalId'][i],
      })),
    );
    expect(body.preview[0]).toMatchObject({ row: 2, cells: expect.arrayContaining(['Anitha Rao']) });
    expect(await countCustomers()).toBe(before);
  });

  it('says them in the reader’s language, and reads headers written in it', async () => {
    const hi = hiImports.column;
    const file = csv([
      [hi.name, hi.primaryPhone, hi.address, hi.region],
      ['Deepa', '12345', '7 Anna Salai, Teynampet', regionName],
    ]);
    const res = await post('customers', form(file), { ...admin, 'accept-language': 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([
      { row: 2, column: hi.primaryPhone, message: hiServer.error.phoneDigits.replace('{{digits}}', '10') },
    ]);
    expect(res.json().fields.find((f: { field: string }) => f.field === 'name').label).toBe(hi.name);
  });

  it('a required column no header gives is one error on row 1, and a mapping can name it', async () => {
    const file = csv([
      ['Customer full name here', 'Mobile', 'Street', 'Region'],
      ['Esther Paul', phone(), '3 Church Road, Egmore', regionName],
    ]);
    const res = await post('customers', form(file));
    expect(res.json().errors).toEqual([
      { row: 1, column: 'Name', message: 'No column is read as Name' },
      { row: 1, column: 'Address', message: 'No column is read as Address' },
    ]);
    expect(res.json().valid).toBe(0);
    const mapped = await post(
      'customers',
      form(file, { mapping: JSON.stringify({ 'Customer full name here': 'name', Street: 'address' }) }),
    );
    expect(mapped.json()).toMatchObject({ errors: [], valid: 1, created: 1 });
    const wrong = await post('customers', form(file, { mapping: JSON.stringify({ Street: 'password' }) }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('password is not a column that can be imported');
  });

  it('reads phones as spreadsheets write them, and a repeated phone in the file is an error of the later row', async () => {
    const p = phone();
    const file = csv([
      ['Name', 'Phone', 'Address', 'Region'],
      ['Farida Begum', `+91 ${p.slice(0, 5)} ${p.slice(5)}`, '5 Mount Road, Guindy', regionName],
      ['Farida B', p, '5 Mount Road, Guindy', regionName],
    ]);
    const res = await post('customers', form(file));
    expect(res.json().errors).toEqual([{ row: 3, column: 'Phone', message: 'This phone number is already in row 2' }]);
  });
});

describe('all or nothing', () => {
  it('one bad row: 422 with the report, nothing written; fixed: every row written, one audit row with the counts', async () => {
    const before = await countCustomers();
    const rows = Array.from({ length: 30 }, (_, i) => [
      `Customer ${i} Iyer`,
      phone(),
      '',
      '',
      `${i} Gandhi Street, Adyar`,
      regionName,
      `AON-${i}`,
    ]);
    const bad = rows.map((r) => [...r]);
    (bad[17] as string[])[1] = '12';
    const refused = await post('customers', form(csv([HEADER, ...bad]), { dryRun: 'false' }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'Nothing was imported: fix the rows with errors and import again',
      created: 0,
      errors: [{ row: 19, column: 'Phone', message: 'Phone number must be 10 digits' }],
    });
    expect(await countCustomers()).toBe(before);

    const done = await post('customers', form(csv([HEADER, ...rows]), { dryRun: 'false' }, 'moving-in.csv'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      dryRun: false,
      rows: 30,
      valid: 30,
      created: 30,
      updated: 0,
      skipped: 0,
      errors: [],
    });
    expect(await countCustomers()).toBe(before + 30);
    const [stored] = await ctx.db.select().from(customers).where(eq(customers.externalId, 'AON-3'));
    expect(stored).toMatchObject({
      name: 'Customer 3 Iyer',
      address: '3 Gandhi Street, Adyar',
      searchText: expect.stringContaining('customer 3 iyer'),
    });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.customers')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({
      file: 'moving-in.csv',
      format: 'csv',
      rows: 30,
      created: 30,
      updated: 0,
      skipped: 0,
    });
  });
});

describe('duplicates: matched by phone or external id, skipped, updated or created as chosen', () => {
  it('skip (the default), update and create anyway, per file and per row', async () => {
    const region = await makeRegion(ctx.db);
    const existing = await makeCustomer(ctx.db, region.id, {
      name: 'Gita Old Name',
      primaryPhone: phone(),
      phoneNumbers: [phone()],
    });
    const other = await makeCustomer(ctx.db, region.id, { name: 'Hari Kumar' });
    const fresh = phone();
    const file = csv([
      ['Name', 'Phone', 'Address', 'Region', 'Email'],
      ['Gita New Name', existing.primaryPhone, '8 New Street, Tambaram', regionName, 'gita@example.com'],
      ['Hari K', other.primaryPhone, '2 Old Street, Porur', regionName, ''],
      ['Someone New', fresh, '1 First Street, Ashok Nagar', regionName, ''],
    ]);
    const dry = await post('customers', form(file));
    expect(dry.json()).toMatchObject({ created: 1, updated: 0, skipped: 2 });
    expect(dry.json().duplicates).toEqual([
      {
        row: 2,
        customerId: existing.id,
        reason: 'phone',
        name: 'Gita Old Name',
        primaryPhone: existing.primaryPhone,
        choice: 'skip',
      },
      {
        row: 3,
        customerId: other.id,
        reason: 'phone',
        name: 'Hari Kumar',
        primaryPhone: other.primaryPhone,
        choice: 'skip',
      },
    ]);

    const before = await countCustomers();
    const res = await post(
      'customers',
      form(file, { dryRun: 'false', onDuplicate: 'update', duplicateChoices: JSON.stringify({ 3: 'create' }) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, updated: 1, skipped: 0 });
    expect(await countCustomers()).toBe(before + 2);
    const [gita] = await ctx.db.select().from(customers).where(eq(customers.id, existing.id));
    // Updated from the row; what it left empty (the other phones) kept.
    expect(gita).toMatchObject({
      name: 'Gita New Name',
      address: '8 New Street, Tambaram',
      email: 'gita@example.com',
      phoneNumbers: existing.phoneNumbers,
    });
    const haris = await ctx.db.select().from(customers).where(eq(customers.primaryPhone, other.primaryPhone));
    expect(haris.map((h) => h.name).sort()).toEqual(['Hari K', 'Hari Kumar']);
  });

  it('an additional phone matches too, and an external id wins over a phone', async () => {
    const region = await makeRegion(ctx.db);
    const a = await makeCustomer(ctx.db, region.id, { phoneNumbers: [phone()] });
    const first = await post(
      'customers',
      form(csv([HEADER, ['Indira Menon', phone(), '', '', '6 Hill Road, Saidapet', regionName, 'EXT-77']]), {
        dryRun: 'false',
      }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const [withId] = await ctx.db.select().from(customers).where(eq(customers.externalId, 'EXT-77'));
    const file = csv([
      HEADER,
      ['Jaya', a.phoneNumbers[0] as string, '', '', '1 Side Street, Kodambakkam', regionName, ''],
      ['Indira M', phone(), '', '', '6 Hill Road, Saidapet', regionName, 'EXT-77'],
    ]);
    const dry = await post('customers', form(file, { onDuplicate: 'create' }));
    expect(dry.json().duplicates.map((d: { customerId: string; reason: string }) => [d.customerId, d.reason])).toEqual([
      [a.id, 'phone'],
      [withId?.id, 'externalId'],
    ]);
    // Creating anyway a customer whose external id is taken is refused on its row.
    expect(dry.json().errors).toEqual([
      { row: 3, column: 'External ID', message: 'This external ID belongs to another customer' },
    ]);
  });
});

describe('files', () => {
  it('reads an Excel file, a semicolon CSV with a BOM, and answers the errors copy in the file’s own format', async () => {
    const p = phone();
    const book = await xlsx([
      ['Name', 'Phone', 'Address', 'Region'],
      ['Kala Selvi', Number(p), '11 Market Road, T Nagar', regionName],
      ['K', Number(phone()), '11 Market Road, T Nagar', regionName],
    ]);
    const res = await post(
      'customers',
      form(book, {}, 'book.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 2,
      valid: 1,
      errors: [{ row: 3, column: 'Name', message: 'Name must be at least 2 characters' }],
    });

    const upload = form(book, {}, 'book.xlsx');
    const copy = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/customers/errors',
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-disposition']).toContain('book-errors.xlsx');
    const rows = await readXlsx(copy.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Phone', 'Address', 'Region', 'Errors']);
    expect(rows[1]?.[4] ?? '').toBe('');
    expect(rows[2]?.[4]).toBe('Name: Name must be at least 2 characters');

    const semicolon = Buffer.concat([
      Buffer.from('\uFEFF'),
      csv(
        [
          ['Name', 'Phone', 'Address', 'Region'],
          ['Latha', phone(), '3, North Street, Adyar', regionName],
        ],
        ';',
      ),
    ]);
    const sc = await post('customers', form(semicolon));
    expect(sc.json()).toMatchObject({ valid: 1, errors: [] });
    expect(sc.json().preview[0].cells).toEqual(['Latha', expect.any(String), '3, North Street, Adyar', regionName]);
  });

  it('refuses a file over 20 MB (413), one that is neither CSV nor xlsx (415), and a zip bomb (400)', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
    const tooBig = await post('customers', form(big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is too large: at most 20 MB');

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notCsv = await post('customers', form(png, {}, 'photo.csv'));
    expect(notCsv.statusCode).toBe(415);
    expect(notCsv.json().message).toBe('Only CSV or Excel (.xlsx) files can be imported');
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    expect((await post('customers', form(xls, {}, 'old.xls'))).statusCode).toBe(415);
    const docx = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    expect((await post('customers', form(docx, {}, 'letter.xlsx'))).statusCode).toBe(415);

    const zeros = Buffer.alloc(64 * 1024 * 1024);
    // Honest about its size, but 64 MB from a few kB: past the ratio.
    const honest = zip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: zeros },
    ]);
    // Lying: says 1 kB, inflates to 64 MB (stopped at the first byte past 1 kB).
    const lying = zip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: zeros, declared: 1024 },
    ]);
    for (const bomb of [honest, lying]) {
      const res = await post('customers', form(bomb, {}, 'bomb.xlsx'));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The Excel file unpacks to too much data to be imported');
    }
    const latin1 = Buffer.from('Name,Phone,Address,Region\nJosé,9840012345,1 Rua Street,x\n', 'latin1');
    const notUtf8 = await post('customers', form(latin1));
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().message).toContain('CSV UTF-8');
    const noFile = await post('customers', form(null, { dryRun: 'true' }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Choose a CSV or Excel (.xlsx) file');
    // A body that is not well-formed multipart: a 400 with a message, never a 500.
    const a = form(csv([HEADER]));
    const cut = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/customers',
      headers: { ...admin, ...form(null).headers },
      payload: a.payload,
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('The upload could not be read. Choose the file and try again');
  });

  it('is the admins’: a manager is refused', async () => {
    const region = await makeRegion(ctx.db);
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const res = await post('customers', form(csv([HEADER])), manager.headers);
    expect(res.statusCode).toBe(403);
  });

  it('templates: the headers in the reader’s language and one example row that imports', async () => {
    const t = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports/customers/template?format=csv',
      headers: { ...admin, 'accept-language': 'ta' },
    });
    expect(t.statusCode).toBe(200);
    expect(t.headers['content-type']).toContain('text/csv');
    const text = t.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('பெயர்');
    const x = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports/customers/template?format=xlsx',
      headers: admin,
    });
    const rows = await readXlsx(x.rawPayload);
    expect(rows[0]).toEqual([
      'Name',
      'Phone',
      'Other phones',
      'Email',
      'Address',
      'Region',
      'Latitude',
      'Longitude',
      'External ID',
      'Message language',
    ]);
    const tried = await post('customers', form(x.rawPayload, {}, 'template.xlsx'));
    expect(tried.json()).toMatchObject({ rows: 1, errors: [] });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports/customers/template?format=pdf',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the language of the customer’s messages (issue 35)', () => {
  it('takes a code, an English name or the language’s own name; anything else is a row error', async () => {
    const header = ['Name', 'Phone', 'Address', 'Region', 'Message language'];
    const bad = csv([header, ['Kavitha Iyer', phone(), '3 North Street, Mylapore', regionName, 'Klingon']]);
    const refused = await post('customers', form(bad, { dryRun: 'true' }));
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().errors).toEqual([
      { row: 2, column: 'Message language', message: expect.stringContaining('Tamil') },
    ]);
    const phones: string[] = [phone(), phone(), phone(), phone()];
    const file = csv([
      header,
      ['Selvi Arumugam', `${phones[0]}`, '8 Car Street, Triplicane', regionName, 'Tamil'],
      ['Nagaraj Gowda', `${phones[1]}`, '14 Temple Road, Malleshwaram', regionName, 'kn'],
      ['Anil Menon', `${phones[2]}`, '2 Church Lane, Fort Kochi', regionName, 'മലയാളം'],
      ['Priya Sharma', `${phones[3]}`, '7 Civil Lines Road, Jaipur', regionName, ''],
    ]);
    const res = await post('customers', form(file, { dryRun: 'false' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, created: 4, errors: [] });
    const rows = await ctx.db.select({ phone: customers.primaryPhone, language: customers.language }).from(customers);
    const languageOf = (p: string | undefined) => rows.find((r) => r.phone === p)?.language;
    expect(phones.map(languageOf)).toEqual(['ta', 'kn', 'ml', 'en-IN']);
  });
});
