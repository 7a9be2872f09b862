/**
 * Issue 37 item 6: a purchase's invoice photo or PDF through the upload path. A photo is checked
 * by its bytes and re-encoded (as a work photo), a PDF kept as sent; either is served back through
 * the purchase's signed `invoiceUrl` with its own content type; anything else is refused with the
 * invoice's message; a new file replaces the old one. Also: with neither BUSINESS_GSTIN nor
 * GST_STATE_CODE set, every purchase is intra-state.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { caller } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, makeRegion, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';
import { multipart } from '#tests/security/fixtures.ts';
import { FIXTURE, GSTIN, makePart, storeOf } from './helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let admin: Session;
let manager: Session;
let farManager: Session;
let storeId: string;
let supplierId: string;
let n = 1;

/** A small PDF: the bytes a scanner writes (header, one page, trailer). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  const region = await makeRegion(ctx.db);
  const far = await makeRegion(ctx.db);
  storeId = (await storeOf(ctx, region.id)).id;
  admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
  manager = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: region.id });
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: far.id });
  // A supplier in Maharashtra: with no business state configured, still intra-state.
  supplierId = (
    await call(admin, 'POST', '/api/suppliers', { name: 'Pune Membranes', gstin: GSTIN.maharashtra })
  ).json().id;
});
afterAll(() => ctx.close());

async function draft() {
  const part = await makePart(ctx);
  const res = await call(manager, 'POST', '/api/purchases', {
    supplierId,
    invoiceNumber: `PUNE-${n++}`,
    invoiceDate: '2026-11-21',
    storeId,
    lines: [{ ...FIXTURE[0], partId: part.id }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function upload(id: string, bytes: Buffer, name: string, type: string, as: Session = manager) {
  const body = multipart(bytes, name, type);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/purchases/${id}/invoice`,
    payload: body.payload,
    headers: { ...as.headers, ...body.headers },
  });
}

/** What the signed link serves, with no bearer header (as an <img> or a new tab opens it). */
const fetchUrl = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('the business state unset', () => {
  it('a supplier of any state is charged CGST and SGST', async () => {
    const p = await draft();
    expect(p).toMatchObject({
      interState: false,
      cgstPaise: 40_500,
      sgstPaise: 40_500,
      igstPaise: 0,
      totalPaise: 531_000,
    });
  });
});

describe('the invoice file', () => {
  it('a photo: re-encoded (its metadata dropped), served back through the signed invoiceUrl as an image', async () => {
    const p = await draft();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
      .toBuffer();
    const res = await upload(p.id, png, 'invoice.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().invoiceUrl;
    expect(url).toMatch(/^\/api\/media\/purchases\/[0-9a-f-]+\/invoice-[0-9a-f-]+\.png\?exp=\d+&sig=/);
    const served = await fetchUrl(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
    expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    // The details say the same, and the link without its signature opens nothing.
    expect((await call(manager, 'GET', `/api/purchases/${p.id}`)).json().invoiceUrl).toBe(url);
    expect((await fetchUrl(url.split('?')[0] as string)).statusCode).toBe(403);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'purchase.invoice'), eq(auditLog.entityId, p.id)));
    expect(audits).toHaveLength(1);
  });

  it('a PDF: kept as sent and served back as application/pdf; a new file replaces it (the old one is gone)', async () => {
    const p = await draft();
    const res = await upload(p.id, PDF, 'invoice.pdf', 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().invoiceUrl;
    const served = await fetchUrl(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(PDF)).toBe(true);

    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000000' } })
      .jpeg()
      .toBuffer();
    const replaced = await upload(p.id, jpeg, 'photo.jpg', 'image/jpeg');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const next = await fetchUrl(replaced.json().invoiceUrl);
    expect(next.headers['content-type']).toBe('image/jpeg');
    expect((await fetchUrl(url)).statusCode).toBe(404);
    const dir = path.join(ctx.dataDir, 'media', 'purchases', p.id);
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  it('anything else is refused with the invoice’s message, and nothing is stored', async () => {
    const p = await draft();
    const text = await upload(p.id, Buffer.from('Invoice 42: 10 membranes, Rs 4500\n'), 'invoice.txt', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(ERR.invoiceFile.text);
    // A PDF's name and type on other bytes is judged by its bytes.
    const fake = await upload(p.id, Buffer.from('<html>not a pdf</html>'), 'invoice.pdf', 'application/pdf');
    expect(fake.statusCode).toBe(415);
    const empty = await upload(p.id, Buffer.alloc(0), 'invoice.pdf', 'application/pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ERR.invoiceFile.text);
    // A multipart body whose boundary is not the one its header names: no file in it.
    const sent = multipart(PDF, 'invoice.pdf', 'application/pdf');
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `/api/purchases/${p.id}/invoice`,
      payload: sent.payload,
      headers: { ...manager.headers, 'content-type': 'multipart/form-data; boundary=----another-boundary' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(ERR.invoiceFile.text);
    expect((await call(manager, 'GET', `/api/purchases/${p.id}`)).json().invoiceUrl).toBeNull();
    expect(fs.existsSync(path.join(ctx.dataDir, 'media', 'purchases', p.id))).toBe(false);
  });

  it('only for a purchase the uploader reaches: another region’s manager 404, before the file is read', async () => {
    const p = await draft();
    const res = await upload(p.id, PDF, 'invoice.pdf', 'application/pdf', farManager);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ERR.purchaseNotFound.text);
    expect((await call(admin, 'GET', `/api/purchases/${p.id}`)).json().invoiceUrl).toBeNull();
  });
});
