/**
 * Issue 35 item 3 (first part): a request's job sheet as a PDF, for whoever may read the request
 * (404 out of scope, as the details). It names the business, the ticket, the customer and the
 * purifier, the work with its times on site, the parts, the readings against IS 10500, the
 * before and after photos, and that no proof of completion was recorded. The text is read back
 * out of the PDF's own content streams.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productParts, workParts } from '#server/db/schema/maintenance.ts';
import { waterReadings } from '#server/db/schema/readings.ts';
import { workLogs } from '#server/db/schema/requests.ts';
import { caller, makeWorld } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, makeRequest, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';
import { pdfText } from './pdf-text.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let admin: Session & { made: { id: string } };
let tech: Session & { made: { id: string } };
let farManager: Session & { made: { id: string } };

beforeAll(async () => {
  ctx = await createTestApp({ SERVICE_NAME: 'Jal Seva Water Solutions', SUPPORT_PHONE: '1800 425 1234' });
  call = caller(ctx);
  w = await makeWorld(ctx);
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
});
afterAll(() => ctx.close());

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
}

function multipart(data: Buffer) {
  const boundary = '----aquadesksheet';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('GET /api/service-requests/:id/job-sheet.pdf', () => {
  it('sets out the job: business, ticket, customer, purifier, work and time on site, parts, readings, photos, proof', async () => {
    const p = await call(admin, 'POST', '/api/products', {
      name: 'Aqua Star',
      brand: 'Neervana',
      technology: 'RO',
      parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
    });
    const u = await call(admin, 'POST', `/api/customers/${w.customer.id}/units`, {
      productId: p.json().id,
      serialNumber: 'JS-SHEET-1',
      installedOn: '2025-03-14',
    });
    expect(u.statusCode, u.body).toBe(201);
    const request = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: admin.made.id,
      assignedToId: tech.made.id,
      status: 'IN_PROGRESS',
      unitId: u.json().id,
      description: 'Six-monthly service',
    });
    for (const [kind, color] of [
      ['BEFORE', '#6d4c41'],
      ['AFTER', '#0288d1'],
      ['OTHER', '#9e9e9e'],
    ] as const) {
      const file = multipart(await png(color));
      const up = await call(tech, 'POST', `/api/uploads/work-media/${request.id}?kind=${kind}`, file.payload, {
        headers: file.headers,
      });
      expect(up.statusCode, up.body).toBe(201);
    }
    await ctx.db.insert(workLogs).values({
      requestId: request.id,
      technicianId: tech.made.id,
      // 10:00 to 11:15 IST.
      startTime: new Date('2026-11-20T04:30:00Z'),
      endTime: new Date('2026-11-20T05:45:00Z'),
      notes: 'Changed the sediment filter; flow is good.',
    });
    const [part] = await ctx.db.select().from(productParts).limit(1);
    await ctx.db.insert(workParts).values([
      { requestId: request.id, unitId: u.json().id, partId: part?.id ?? null, name: 'Sediment filter' },
      { requestId: request.id, unitId: u.json().id, name: 'Tap washer', quantity: 2 },
    ]);
    await ctx.db.insert(waterReadings).values({
      requestId: request.id,
      unitId: u.json().id,
      technicianId: tech.made.id,
      tdsIn: 900,
      tdsOut: 520,
      ph: 8.9,
      hardness: 300,
      takenAt: new Date('2026-11-20T05:00:00Z'),
    });

    const res = await call(tech, 'GET', `/api/service-requests/${request.id}/job-sheet.pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="job-sheet-SR-\d{6}\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const said of [
      'Jal Seva Water Solutions',
      'Support: 1800 425 1234',
      `Job sheet SR-${String(request.ticketNo).padStart(6, '0')}`,
      w.customer.name,
      'Neervana Aqua Star',
      'JS-SHEET-1',
      'Six-monthly service',
      '20 Nov 2026, 10:00 am to 20 Nov 2026, 11:15 am',
      'Changed the sediment filter; flow is good.',
      '1 h 15 min',
      'Sediment filter',
      'Tap washer x 2',
      'TDS in 900 mg/L, out 520 mg/L, rejection 42.2%, pH 8.9, hardness 300 mg/L (TDS out over 500, pH out of 6.5-8.5; IS 10500)',
      'Before',
      'After',
      'No signature or one-time code was recorded for this job.',
    ]) {
      expect(text, said).toContain(said);
    }
    // The two photos of the sheet (before and after; not the other one) are embedded as images.
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(2);

    // As the details: out of scope is 404.
    expect((await call(farManager, 'GET', `/api/service-requests/${request.id}/job-sheet.pdf`)).statusCode).toBe(404);
  });
});
