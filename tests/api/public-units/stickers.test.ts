/**
 * Issue 36 item 3 (ADR 043): QR stickers. One unit's as SVG (the business, the support number,
 * "Scan for service", the product and serial, a QR code of PUBLIC_URL/s/<code>, nothing of the
 * customer) for whoever reads the unit; an A4 sheet of a customer's or a region's units, 24 a
 * page, for the office within its region. Without PUBLIC_URL, or with one only the shop's network
 * can open, printing is refused with the reason.
 */
import jsQRModule from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateHost } from '#server/modules/stickers/public-url.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { caller, makeWorld } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, makeCustomer, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let admin: Session & { made: { id: string } };
let farManager: Session & { made: { id: string } };
let tech: Session & { made: { id: string } };
let productId: string;
let serial = 1;

beforeAll(async () => {
  ctx = await createTestApp({
    PUBLIC_URL: 'https://service.example.com',
    SUPPORT_PHONE: '1800 123 4567',
    SERVICE_NAME: 'Jal Seva Purifiers',
  });
  call = caller(ctx);
  w = await makeWorld(ctx);
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  const p = await call(admin, 'POST', '/api/products', {
    name: 'Aqua Star',
    brand: 'Neervana',
    technology: 'RO',
    parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
  });
  productId = p.json().id;
});
afterAll(() => ctx.close());

/**
 * What a phone's camera reads off a sticker: the SVG's QR path drawn into pixels (8 a millimetre,
 * white around it) and decoded by jsQR, a decoder independent of the encoder we use.
 */
// jsqr is CommonJS with an ES default in its types: the function is the module and its `default`.
const jsQR = (jsQRModule as unknown as { default: typeof jsQRModule.default }).default;

function scan(svg: string): string | null {
  const d = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const scale = 8;
  const w = 70 * scale;
  const h = 37 * scale;
  const pixels = new Uint8ClampedArray(w * h * 4).fill(255);
  for (const m of d.matchAll(/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)/g)) {
    const [x, y, dx, dy] = [m[1], m[2], m[3], m[4]].map((v) => Number(v) * scale) as [number, number, number, number];
    for (let py = Math.round(y); py < Math.round(y + dy); py++) {
      for (let px = Math.round(x); px < Math.round(x + dx); px++)
        pixels.fill(0, (py * w + px) * 4, (py * w + px) * 4 + 3);
    }
  }
  return jsQR(pixels, w, h)?.data ?? null;
}

async function units(customerId: string, n: number) {
  const made: { id: string; publicCode: string }[] = [];
  for (let i = 0; i < n; i++) {
    const u = await call(admin, 'POST', `/api/customers/${customerId}/units`, {
      productId,
      serialNumber: `ST-${serial++}`,
      installedOn: '2025-03-14',
    });
    expect(u.statusCode, u.body).toBe(201);
    made.push(u.json());
  }
  return made;
}

describe('stickers (item 3)', () => {
  it('one unit as SVG: the business, its number, the product and a QR code of its page; nothing of the customer', async () => {
    const customer = await makeCustomer(ctx.db, w.region.id, {
      name: 'Rukmini Subramaniam',
      primaryPhone: '9840011223',
    });
    const [u] = await units(customer.id, 1);
    const res = await call(tech, 'GET', `/api/units/${u?.id}/sticker.svg`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="sticker-ST-\d+\.svg"/);
    const svg = res.body;
    expect(svg).toContain('width="70mm" height="37mm"');
    for (const text of ['Jal Seva Purifiers', 'Scan for service', 'Call 1800 123 4567', 'Neervana Aqua Star']) {
      expect(svg).toContain(`>${text}</text>`);
    }
    expect(svg).toContain(`<title>https://service.example.com/s/${u?.publicCode}</title>`);
    // A camera reads the unit's page off it.
    expect(scan(svg)).toBe(`https://service.example.com/s/${u?.publicCode}`);
    expect(svg).toMatch(/<path d="(M[\d.]+ [\d.]+h[\d.]+v[\d.]+h-[\d.]+z)+"/);
    for (const secret of [customer.name, customer.address, customer.primaryPhone]) expect(svg).not.toContain(secret);
    expect((await call(farManager, 'GET', `/api/units/${u?.id}/sticker.svg`)).statusCode).toBe(404);
  });

  it('a sheet of a customer’s or a region’s units: 24 a page, the office’s, within its region', async () => {
    const customer = await makeCustomer(ctx.db, w.region.id);
    await units(customer.id, 25);
    const res = await call(admin, 'GET', `/api/stickers.pdf?customerId=${customer.id}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-total-count']).toBe('25');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(2);

    const region = await call(admin, 'GET', `/api/stickers.pdf?regionId=${w.region.id}`);
    expect(region.statusCode).toBe(200);
    expect(Number(region.headers['x-total-count'])).toBeGreaterThanOrEqual(26);

    expect((await call(tech, 'GET', `/api/stickers.pdf?customerId=${customer.id}`)).statusCode).toBe(403);
    expect((await call(farManager, 'GET', `/api/stickers.pdf?customerId=${customer.id}`)).statusCode).toBe(404);
    expect((await call(farManager, 'GET', `/api/stickers.pdf?regionId=${w.region.id}`)).statusCode).toBe(404);
    const neither = await call(admin, 'GET', '/api/stickers.pdf');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(ERR.stickerScope.text);
    expect((await call(admin, 'GET', `/api/stickers.pdf?customerId=${customer.id}&page=2`)).statusCode).toBe(404);
  });

  it('is refused without PUBLIC_URL, or with one only the shop’s network opens, saying why', async () => {
    for (const [env, message] of [
      [{}, ERR.stickerNoPublicUrl.text],
      [{ PUBLIC_URL: 'http://aquadesk.lan:3000' }, ERR.stickerPrivateUrl({ url: 'http://aquadesk.lan:3000' }).text],
    ] as const) {
      const other = await createTestApp(env);
      try {
        const a = await signedIn(other, ROLE.SERVICE_ADMIN);
        const region = await makeWorld(other);
        const c = await makeCustomer(other.db, region.region.id);
        const p = await caller(other)(a, 'POST', '/api/products', {
          name: 'Aqua Star',
          brand: 'Neervana',
          technology: 'RO',
          parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
        });
        const u = await caller(other)(a, 'POST', `/api/customers/${c.id}/units`, {
          productId: p.json().id,
          serialNumber: 'ST-LAN-1',
          installedOn: '2025-03-14',
        });
        for (const url of [`/api/units/${u.json().id}/sticker.svg`, `/api/stickers.pdf?customerId=${c.id}`]) {
          const res = await caller(other)(a, 'GET', url);
          expect(res.statusCode, url).toBe(409);
          expect(res.json().message).toBe(message);
        }
        // The unit still has its code; there is just no address to print.
        expect(u.json().publicCode).toMatch(/^[\w-]{24}$/);
      } finally {
        await other.close();
      }
    }
  });

  it('tells a private address or local name from a public one', () => {
    for (const h of [
      'localhost',
      'aquadesk',
      'aquadesk.lan',
      'shop.local',
      'x.home.arpa',
      '10.0.0.5',
      '192.168.1.20',
    ]) {
      expect(isPrivateHost(h), h).toBe(true);
    }
    for (const h of [
      '172.20.1.1',
      '100.100.1.1',
      '127.0.0.1',
      '169.254.9.9',
      '[::1]',
      '[fd00::1]',
      '::ffff:10.1.1.1',
    ]) {
      expect(isPrivateHost(h), h).toBe(true);
    }
    for (const h of ['service.example.com', 'aquadesk.in', '8.8.8.8', '172.32.0.1', '[2001:db8::1]']) {
      expect(isPrivateHost(h), h).toBe(false);
    }
  });
});
