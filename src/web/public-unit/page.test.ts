// @vitest-environment jsdom
/**
 * The QR page in a DOM (issue 36 item 4): what it shows of a unit, the form's checks with the
 * focus on the first fault, a request sent in the page's language with the ticket number shown,
 * and the server's refusals (a 429's words, a field's 400, a sticker no longer in use).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUnit } from '#shared/contracts/public-units.ts';
import { codeFromPath, QrPage } from './page.ts';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv_-';

const unit = (over: Partial<PublicUnit> = {}): PublicUnit => ({
  serviceName: 'Jal Seva Water Care',
  supportPhone: '9840012345',
  product: { brand: 'Kaveri', name: 'Flow RO 12 L' },
  installedOn: '2024-03-12',
  lastServiceOn: null,
  nextDueOn: '2030-01-05',
  openTickets: [],
  ...over,
});

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** fetch answering each call with the next answer (status, body), recording what was sent. */
function serve(...answers: [number, unknown][]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const [status, body] = answers.shift() ?? [500, {}];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

async function open(locale: 'en-IN' | 'ta' = 'en-IN', code: string | null = CODE): Promise<QrPage> {
  const page = new QrPage(document, code, locale);
  await page.start();
  return page;
}

const main = () => document.getElementById('main') as HTMLElement;
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const radio = (value: string) =>
  document.querySelector<HTMLInputElement>(`input[value="${value}"]`) as HTMLInputElement;

function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function pick(value: string) {
  const r = radio(value);
  r.checked = true;
  r.dispatchEvent(new Event('change', { bubbles: true }));
}

async function send() {
  byId<HTMLButtonElement>('send').click();
  await vi.waitFor(() => expect(byId<HTMLButtonElement>('send')?.disabled ?? false).toBe(false));
}

beforeEach(() => {
  document.body.innerHTML =
    '<header><p id="brand">AquaDesk</p><span id="language-slot"></span></header><main id="main"></main>';
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the QR sticker page', () => {
  it('reads the code off the path, and nothing that cannot be one', () => {
    expect(codeFromPath(`/s/${CODE}`)).toBe(CODE);
    expect(codeFromPath(`/s/${CODE}/`)).toBe(CODE);
    expect(codeFromPath('/s/short')).toBeNull();
    expect(codeFromPath(`/s/${CODE}/more`)).toBeNull();
  });

  it('shows the business, the purifier, its dates, the support phone and the open tickets', async () => {
    const calls = serve([
      200,
      unit({ openTickets: [{ ticketNumber: 'SR-000041', status: 'ASSIGNED', raisedOn: '2029-12-20' }] }),
    ]);
    await open();
    expect(calls[0]?.url).toBe(`/api/public/units/${CODE}`);
    expect(calls[0]?.headers['Accept-Language']).toBe('en-IN');
    expect(byId('brand').textContent).toBe('Jal Seva Water Care');
    expect(main().querySelector('h1')?.textContent).toBe('Kaveri Flow RO 12 L');
    const text = main().textContent ?? '';
    expect(text).toContain('Installed on12 Mar 2024');
    expect(text).toContain('Last serviceNot yet');
    expect(text).toContain('Next service due5 Jan 2030');
    expect(main().querySelector('a[href="tel:9840012345"]')?.textContent).toBe('Call 98400\u00a012345');
    expect(text).toContain('SR-000041Technician assignedraised on 20 Dec 2029');
    expect(document.title).toBe('Jal Seva Water Care: report a problem');
    // The honeypot: out of sight, the tab order and the accessibility tree.
    const website = byId<HTMLInputElement>('website');
    expect(website.tabIndex).toBe(-1);
    expect(website.getAttribute('autocomplete')).toBe('off');
    expect(website.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('checks the form before sending: each fault at its field, the focus on the first', async () => {
    const calls = serve([200, unit()]);
    await open();
    await send();
    expect(calls).toHaveLength(1);
    expect(byId('problem-error').textContent).toBe('Choose what is wrong');
    expect(byId('phone-error').textContent).toBe('Enter a 10-digit mobile number');
    expect(byId('description-error').hidden).toBe(true);
    expect(document.activeElement).toBe(radio('NO_WATER'));
    expect(radio('NO_WATER').getAttribute('aria-describedby')).toBe('problem-error');
    expect(byId('phone').getAttribute('aria-invalid')).toBe('true');
    expect(byId('phone').getAttribute('aria-describedby')).toBe('phone-error phone-hint');
    // "Something else" needs words; picking it asks for them.
    pick('OTHER');
    expect(byId('problem-error').hidden).toBe(true);
    await send();
    expect(byId('description-error').textContent).toBe('Tell us what is wrong');
    // A fault goes as soon as the field is right.
    type(byId('phone'), '98400 12345');
    expect(byId('phone-error').hidden).toBe(true);
    expect(byId('phone').hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(byId('description'));
  });

  it('sends the request in the chosen language and shows the ticket number, then the open tickets', async () => {
    const calls = serve(
      [200, unit()],
      [201, { ticketNumber: 'SR-000123', status: 'PENDING_APPROVAL' }],
      [200, unit({ openTickets: [{ ticketNumber: 'SR-000123', status: 'PENDING_APPROVAL', raisedOn: '2029-12-20' }] })],
    );
    await open('ta');
    expect(document.documentElement.lang).toBe('ta');
    pick('LEAKING');
    type(byId('description'), 'Water under the sink');
    type(byId('phone'), '+91 98400 12345');
    // WhatsApp updates: unticked until ticked; its words are its label (the whole line a target).
    const whatsapp = byId<HTMLInputElement>('whatsappUpdates');
    expect(whatsapp.checked).toBe(false);
    expect(whatsapp.closest('label')?.textContent).toBe('இந்தக் கோரிக்கை பற்றிய தகவல்களை எனக்கு WhatsApp-இல் அனுப்புங்கள்');
    expect(whatsapp.getAttribute('aria-describedby')).toBe('whatsapp-hint');
    whatsapp.click();
    pick('MORNING');
    await send();
    expect(calls[1]).toMatchObject({
      url: `/api/public/units/${CODE}/requests`,
      method: 'POST',
      body: {
        problem: 'LEAKING',
        description: 'Water under the sink',
        phone: '9840012345',
        preferredTime: 'MORNING',
        whatsappUpdates: true,
        website: '',
      },
    });
    expect(calls[1]?.headers['Accept-Language']).toBe('ta');
    expect(document.querySelector('[data-testid="ticket-number"]')?.textContent).toBe('SR-000123');
    expect(document.activeElement).toBe(byId('done-title'));
    expect(main().textContent).toContain('அலுவலகம் உங்களை 98400\u00a012345 எண்ணில் அழைக்கும்.');
    await vi.waitFor(() => expect(byId('tickets-slot').textContent).toContain('SR-000123'));
  });

  it("shows a limit's words from the server, and a field's fault the server found at its field", async () => {
    serve(
      [200, unit()],
      [429, { message: 'This purifier already has requests from the last hour; the office will call you' }],
      [
        400,
        { message: 'Enter a 10-digit mobile number', code: 'VALIDATION', errors: [{ path: 'phone', message: 'Bad' }] },
      ],
    );
    await open();
    pick('NOISE');
    type(byId('phone'), '9840012345');
    await send();
    const alert = byId('form-alert');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('This purifier already has requests from the last hour; the office will call you');
    expect(document.activeElement).toBe(alert);
    await send();
    expect(byId('phone-error').textContent).toBe('Bad');
    expect(document.activeElement).toBe(byId('phone'));
    // What was typed stays.
    expect(byId<HTMLInputElement>('phone').value).toBe('9840012345');
    expect(radio('NOISE').checked).toBe(true);
  });

  it('says a sticker is not in use, without asking the server about a code that cannot be one', async () => {
    const calls = serve([404, { message: 'Not found', code: 'NOT_FOUND' }]);
    await open();
    expect(main().querySelector('h1')?.textContent).toBe('This sticker is not in use');
    expect(main().textContent).toContain('Please call the number printed on the sticker.');
    await open('en-IN', null);
    expect(calls).toHaveLength(1);
    expect(main().querySelector('h1')?.textContent).toBe('This sticker is not in use');
  });

  it('offers to try again with no connection, and switches language in place', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await open();
    expect(main().querySelector('h1')?.textContent).toBe('Could not load this page');
    serve([200, unit()]);
    main().querySelector('button')?.click();
    await vi.waitFor(() => expect(main().querySelector('h1')?.textContent).toBe('Kaveri Flow RO 12 L'));
    const select = byId<HTMLSelectElement>('lang');
    select.value = 'hi';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(byId('form-title').textContent).toBe('समस्या बताएँ');
    expect(document.activeElement).toBe(byId('lang'));
    expect(window.localStorage.getItem('locale')).toBe('hi');
  });
});
