// @vitest-environment jsdom
/**
 * The job sheet's public page in a DOM (issue 35 item 3, ADR 048): it opens in the customer's
 * language unless this device chose one, shows the sheet (the work and its times in IST, the
 * parts, the readings with their IS 10500 flags, the photos, the proof, the PDF and the support
 * phone), switches language in place and remembers it, and says so when a link is no good.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicJobSheet } from '#shared/contracts/job-sheets.ts';
import { JobSheetPage, tokenFromPath } from './page.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv_-AbCdEfGhIjKlMnOpQrStUv_-';

const sheet = (over: Partial<PublicJobSheet> = {}): PublicJobSheet => ({
  serviceName: 'Jal Seva Water Care',
  supportPhone: '9840012345',
  language: 'ta',
  ticketNumber: 'SR-000042',
  type: 'SERVICE',
  status: 'WORK_COMPLETED',
  completedAt: '2026-11-20T05:45:00.000Z',
  customer: { name: 'Lakshmi Narayanan' },
  unit: { brand: 'Kaveri', product: 'Flow RO 12 L', serial: 'KV-1234' },
  visits: [
    {
      technician: 'Ravi',
      startTime: '2026-11-20T04:30:00.000Z',
      endTime: '2026-11-20T05:45:00.000Z',
      notes: 'Changed the sediment filter.',
    },
  ],
  minutesOnSite: 75,
  parts: [
    { name: 'Sediment filter', quantity: 1, replaced: true },
    { name: 'Tap washer', quantity: 2, replaced: false },
  ],
  readings: [
    {
      tdsIn: 1200,
      tdsOut: 520,
      ph: 8.9,
      hardness: 300,
      rejection: 56.7,
      flags: ['TDS_OUT_HIGH', 'PH_OUT_OF_RANGE'],
      takenAt: '2026-11-20T05:00:00.000Z',
    },
  ],
  proof: { kind: 'SIGNATURE', signedBy: 'Lakshmi N', confirmedAt: '2026-11-20T05:44:00.000Z' },
  photos: [
    { kind: 'BEFORE', url: '/api/media/a-thumb.webp?exp=1&sig=x' },
    { kind: 'AFTER', url: '/api/media/b-thumb.webp?exp=1&sig=y' },
  ],
  expiresAt: '2026-12-29T00:00:00.000Z',
  ...over,
});

interface Call {
  url: string;
  headers: Record<string, string>;
}

/** fetch answering each call with the next answer (status, body), recording what was asked. */
function serve(...answers: ([number, unknown] | 'offline')[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      const answer = answers.shift() ?? [500, {}];
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      const [status, body] = answer;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

async function open(opts: { chosen?: 'en-IN' | 'hi' | null; languages?: string[]; token?: string | null } = {}) {
  const page = new JobSheetPage(
    document,
    opts.token === undefined ? TOKEN : opts.token,
    opts.chosen ?? null,
    opts.languages ?? ['en-IN'],
  );
  await page.start();
  return page;
}

const main = () => document.getElementById('main') as HTMLElement;
const text = () => (main().textContent ?? '').replace(/\s+/g, ' ');

beforeEach(() => {
  document.body.innerHTML =
    '<header><p id="brand">AquaDesk</p><span id="language-slot"></span></header><main id="main"></main>';
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the job sheet page', () => {
  it('reads the token off the path, and nothing that cannot be one', () => {
    expect(tokenFromPath(`/j/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromPath(`/j/${TOKEN}/`)).toBe(TOKEN);
    expect(tokenFromPath('/j/short')).toBeNull();
    expect(tokenFromPath(`/j/${TOKEN}/more`)).toBeNull();
    expect(tokenFromPath(`/s/${TOKEN}`)).toBeNull();
  });

  it('opens in the customer’s language: Tamil, with dates in IST', async () => {
    const calls = serve([200, sheet()]);
    await open({ languages: ['en-IN'] });
    expect(calls[0]?.url).toBe(`/api/public/job-sheets/${TOKEN}`);
    expect(document.documentElement.lang).toBe('ta');
    expect(main().querySelector('h1')?.textContent).toBe('வேலை அறிக்கை SR-000042');
    expect(text()).toContain('வேலை முடிந்தது');
    expect((document.getElementById('lang') as HTMLSelectElement).value).toBe('ta');
    expect(document.title).toBe('Jal Seva Water Care: வேலை அறிக்கை SR-000042');
  });

  it('shows the sheet in English when this device chose English: work, parts, readings, photos, proof, PDF', async () => {
    serve([200, sheet()]);
    await open({ chosen: 'en-IN' });
    expect(document.documentElement.lang).toBe('en-IN');
    expect(document.getElementById('brand')?.textContent).toBe('Jal Seva Water Care');
    const t = text();
    for (const said of [
      'Job sheet SR-000042',
      'CustomerLakshmi Narayanan',
      'JobService',
      'StatusWork done',
      'Work done on20 Nov 2026, 11:15 am',
      'Kaveri Flow RO 12 L',
      'Serial numberKV-1234',
      'Technician: Ravi',
      '20 Nov 2026, 10:00 am to 11:15 am',
      'Changed the sediment filter.',
      'Time on site1 h 15 min',
      'ReplacedSediment filter',
      'Spare partsTap washer × 2',
      'TDS in1,200 mg/L',
      'TDS out520 mg/L',
      'Rejection56.7%',
      'pH8.9',
      'Hardness300 mg/L',
      'TDS out is over 500 mg/L (IS 10500)',
      'pH is outside 6.5–8.5 (IS 10500)',
      'Signed by Lakshmi N on 20 Nov 2026, 11:14 am',
      'The PDF is in English.',
      'This link works until 29 Dec 2026.',
    ]) {
      expect(t, said).toContain(said);
    }
    const photos = [...main().querySelectorAll('img')];
    expect(photos.map((p) => [p.getAttribute('alt'), p.getAttribute('src')])).toEqual([
      ['Before, photo 1', '/api/media/a-thumb.webp?exp=1&sig=x'],
      ['After, photo 1', '/api/media/b-thumb.webp?exp=1&sig=y'],
    ]);
    const pdf = [...main().querySelectorAll('a')].find((a) => a.textContent === 'Download PDF');
    expect(pdf?.getAttribute('href')).toBe(`/api/public/job-sheets/${TOKEN}/pdf`);
    expect(main().querySelector('a[href="tel:9840012345"]')?.textContent).toBe('Call 98400\u00a012345');
    expect([...main().querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Print']);
  });

  it('says what is missing: no unit, no work, no parts or readings, no proof, an OTP', async () => {
    serve([200, sheet({ unit: null, visits: [], parts: [], readings: [], photos: [], proof: null })]);
    await open({ chosen: 'en-IN' });
    const t = text();
    expect(t).not.toContain('Purifier');
    expect(t).toContain('No work recorded.');
    expect(t).toContain('PartsNone recorded.');
    expect(t).toContain('None taken.');
    expect(t).toContain('No signature or one-time code was recorded for this job.');
    expect(main().querySelectorAll('img')).toHaveLength(0);

    document.body.innerHTML =
      '<header><p id="brand">AquaDesk</p><span id="language-slot"></span></header><main id="main"></main>';
    serve([200, sheet({ proof: { kind: 'OTP', signedBy: null, confirmedAt: '2026-11-20T05:44:00.000Z' } })]);
    await open({ chosen: 'en-IN' });
    expect(text()).toContain("Confirmed with a one-time code sent to the customer's phone on 20 Nov 2026, 11:14 am");
  });

  it('switches language in place and remembers it on this device', async () => {
    serve([200, sheet({ language: 'en-IN' })]);
    await open();
    expect(document.documentElement.lang).toBe('en-IN');
    const select = document.getElementById('lang') as HTMLSelectElement;
    select.value = 'hi';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(main().querySelector('h1')?.textContent).toBe('जॉब शीट SR-000042');
    expect(text()).toContain('PDF डाउनलोड करें');
    expect(document.activeElement).toBe(document.getElementById('lang'));
    expect(window.localStorage.getItem('locale')).toBe('hi');
  });

  it('says a link is no good, or busy, in the page’s language; offers to try again without a connection', async () => {
    serve([404, { message: 'This job sheet link is not valid or has expired.', code: 'NOT_FOUND' }]);
    await open({ languages: ['ta-IN'] });
    expect(document.documentElement.lang).toBe('ta');
    expect(main().querySelector('h1')?.textContent).toBe('இந்த இணைப்பு காலாவதியானது அல்லது செல்லாதது');

    serve();
    await open({ token: null, chosen: 'en-IN' });
    expect(main().querySelector('h1')?.textContent).toBe('This link has expired or is not valid');

    serve([429, { message: 'Too many tries from this connection; please try again later', code: 'RATE_LIMITED' }]);
    await open({ chosen: 'en-IN' });
    expect(text()).toContain('Too many tries from this connection; please try again later');

    serve('offline', [200, sheet()]);
    await open({ chosen: 'en-IN' });
    expect(main().querySelector('h1')?.textContent).toBe('Could not load this page');
    (main().querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(main().querySelector('h1')?.textContent).toBe('Job sheet SR-000042'));
    expect(document.activeElement).toBe(main().querySelector('h1'));
  });
});
