/**
 * Importing units (issue 34 item 2, ADR 040): a unit names its customer by phone or by the
 * external id its customers import gave; its product by name, by brand and model, or both in one
 * cell; a `<part> last changed` column starts that part's schedule. Checked as a client sees it:
 * the report, then the customer's units and the unit's schedule through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, todayIn } from '#shared/domain/maintenance.ts';
import { createTestApp, makeCustomer, makeRegion, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';
import { csv, form } from './helpers.ts';

let ctx: TestContext;
let admin: { authorization: string };
let regionId: string;
let regionName: string;
const today = todayIn('Asia/Kolkata');
const HEADER = [
  'Customer phone',
  'Customer external ID',
  'Product',
  'Brand',
  'Serial number',
  'Installed on',
  'Sediment filter last changed',
];

async function product(name: string, brand: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: {
      name,
      brand,
      technology: 'RO+UV',
      warrantyMonths: 12,
      parts: [
        { name: 'Sediment filter', intervalMonths: 6 },
        { name: 'RO membrane', intervalMonths: 24 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; parts: { id: string; name: string }[] };
}

function post(file: Buffer, fields: Record<string, string> = {}) {
  const body = form(file, fields, 'units.csv');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/imports/units',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
}

async function unitsOf(customerId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/customers/${customerId}/units?page=1&pageSize=50`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    serialNumber: string;
    product: { name: string };
    installedOn: string;
    nextDueOn: string | null;
    schedule: { name: string; lastChangedOn: string | null; nextDueOn: string | null }[];
  }[];
}

let withExternalId: string;
let byPhone: { id: string; primaryPhone: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const region = await makeRegion(ctx.db, 'Madurai');
  regionId = region.id;
  regionName = region.name;
  admin = (await signedIn(ctx, ROLE.SUPER_ADMIN)).headers;
  await product('Pure 7', 'Neervana');
  await product('Pure 7', 'Jalsakhi');
  await product('Aqua Max', 'Jalsakhi');
  // A customer with an external id, as a customers import leaves them.
  const customersFile = csv([
    ['Name', 'Phone', 'Address', 'Region', 'External ID'],
    ['Meena Sundaram', '9444012345', '14 East Masi Street, Madurai', regionName, 'OLD-0042'],
  ]);
  const body = form(customersFile, { dryRun: 'false' });
  const imported = await ctx.app.inject({
    method: 'POST',
    url: '/api/imports/customers',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/api/customers?search=9444012345&page=1&pageSize=5',
    headers: admin,
  });
  withExternalId = list.json()[0].id;
  byPhone = await makeCustomer(ctx.db, regionId, { name: 'Naveen Raj' });
}, 60_000);
afterAll(() => ctx.close());

describe('units import', () => {
  it('finds the customer by phone or external id and the product by brand and model, name, or both in one cell', async () => {
    const installed = addMonths(today, -8);
    const changed = addMonths(today, -2);
    const file = csv([
      HEADER,
      ['', 'OLD-0042', 'Pure 7', 'Neervana', 'NV-1001', installed, changed],
      [byPhone.primaryPhone, '', 'Aqua Max', '', 'JS-2001', installed, ''],
      [
        `+91 ${byPhone.primaryPhone}`,
        '',
        'Jalsakhi Pure 7',
        '',
        'JS-2002',
        installed.split('-').reverse().join('/'),
        '',
      ],
    ]);
    const dry = await post(file);
    expect(dry.json()).toMatchObject({ kind: 'units', rows: 3, valid: 3, created: 3, errors: [], duplicates: [] });
    expect(await unitsOf(withExternalId)).toEqual([]);

    const res = await post(file, { dryRun: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, created: 3 });

    const [unit] = await unitsOf(withExternalId);
    expect(unit).toMatchObject({ serialNumber: 'NV-1001', installedOn: installed, product: { name: 'Pure 7' } });
    // The sediment filter's schedule runs from its last change; the membrane's from the installation.
    const sediment = unit?.schedule.find((s) => s.name === 'Sediment filter');
    const membrane = unit?.schedule.find((s) => s.name === 'RO membrane');
    expect(sediment).toMatchObject({ lastChangedOn: changed, nextDueOn: addMonths(changed, 6) });
    expect(membrane).toMatchObject({ lastChangedOn: installed, nextDueOn: addMonths(installed, 24) });
    expect(unit?.nextDueOn).toBe(addMonths(changed, 6));

    const theirs = await unitsOf(byPhone.id);
    // Written in one statement: the same created time, so in no particular order.
    expect(theirs.map((u) => [u.serialNumber, u.product.name, u.installedOn]).sort()).toEqual([
      ['JS-2001', 'Aqua Max', installed],
      ['JS-2002', 'Pure 7', installed],
    ]);
  });

  it('reports each row’s problems by column, with the unit form’s messages, and writes none of them', async () => {
    const shared = await makeCustomer(ctx.db, regionId, { name: 'Twin One' });
    await makeCustomer(ctx.db, regionId, { name: 'Twin Two', primaryPhone: shared.primaryPhone });
    const file = csv([
      HEADER,
      ['9000000001', '', 'Aqua Max', '', 'X-1', '2024-01-10', ''], // row 2: no such phone
      ['', 'NOPE-1', 'Aqua Max', '', 'X-2', '2024-01-10', ''], // row 3: no such external id
      [shared.primaryPhone, '', 'Aqua Max', '', 'X-3', '2024-01-10', ''], // row 4: two customers
      [byPhone.primaryPhone, '', 'Pure 7', '', 'X-4', '2024-01-10', ''], // row 5: two brands make a Pure 7
      [byPhone.primaryPhone, '', 'Kettle', '', 'X-5', '2024-01-10', ''], // row 6: no such product
      [byPhone.primaryPhone, '', 'Aqua Max', '', 'NV-1001', 'last year', ''], // row 7: serial held, bad date
      [byPhone.primaryPhone, '', 'Aqua Max', '', 'X-8', addMonths(today, 1), addMonths(today, 1)], // row 8: future
      [byPhone.primaryPhone, '', 'Aqua Max', '', 'x-8', '2024-01-10', '31/02/2024'], // row 9: serial again, bad date
      ['', '', '', '', '', '2024-01-10', ''], // row 10: nothing to go on
    ]);
    const res = await post(file, { dryRun: 'false' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { row: 2, column: 'Customer phone', message: 'No customer has this phone number' },
      { row: 3, column: 'Customer external ID', message: 'No customer has this external ID' },
      { row: 4, column: 'Customer phone', message: 'Several customers have this phone number: use the external ID' },
      { row: 5, column: 'Product', message: 'Several products have this name: give the brand too' },
      { row: 6, column: 'Product', message: 'No product has this name' },
      { row: 7, column: 'Installed on', message: 'Enter a valid date (YYYY-MM-DD)' },
      { row: 8, column: 'Installed on', message: 'The installation date cannot be in the future' },
      { row: 8, column: 'Sediment filter last changed', message: 'A change date cannot be in the future' },
      { row: 9, column: 'Serial number', message: 'This serial number is already in row 8' },
      { row: 9, column: 'Sediment filter last changed', message: 'Enter a valid date (YYYY-MM-DD)' },
      { row: 10, column: 'Customer phone', message: "Give the customer's phone or external ID" },
      { row: 10, column: 'Product', message: 'Product is required' },
      { row: 10, column: 'Serial number', message: 'Serial number is required' },
    ]);
    expect(await unitsOf(byPhone.id)).toHaveLength(2);

    const held = await post(csv([HEADER, [byPhone.primaryPhone, '', 'Aqua Max', '', 'nv-1001', '2024-01-10', '']]));
    expect(held.json().errors).toEqual([
      {
        row: 2,
        column: 'Serial number',
        message: 'This serial number cannot be registered here. Check it, or ask an administrator',
      },
    ]);
    const wrongPart = await post(
      csv([
        ['Customer phone', 'Product', 'Serial number', 'Installed on', 'Carbon block last changed'],
        [byPhone.primaryPhone, 'Aqua Max', 'Z-1', '2024-01-10', '2024-06-01'],
      ]),
    );
    expect(wrongPart.json().errors).toEqual([
      { row: 2, column: 'Carbon block last changed', message: 'Aqua Max has no part named Carbon block' },
    ]);
  });

  it('template: the units’ columns with each part’s last-changed column, and an example row of the catalogue', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/imports/units/template', headers: admin });
    expect(res.statusCode).toBe(200);
    const [header, example] = res.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Customer phone,Customer external ID,Product,Brand,Serial number,Installed on,Location note,Sediment filter last changed,RO membrane last changed',
    );
    expect(example).toContain('Jalsakhi');
  });
});
