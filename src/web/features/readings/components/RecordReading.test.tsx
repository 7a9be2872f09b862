/**
 * The technician's readings form (issue 36) over the real offline queue (fake-indexeddb) and a
 * stubbed `fetch`: a TDS out of bounds is refused on its field with the contract's message and
 * nothing is queued or sent; a valid reading is queued and sent once, with its Idempotency-Key and
 * the phone's time as clientTime and takenAt, then its rejection is shown with IS 10500's warnings.
 */
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '#shared/contracts/auth.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { queue } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { RecordReading } from './RecordReading.tsx';
// What app/offline-actions.ts loads in the app: how a queued reading is sent.
import '../offline-actions.ts';

const tech: AuthUser = {
  id: 'tech-1',
  name: 'Arun Technician',
  email: 'arun@demo.test',
  phone: null,
  roleId: 'r-tech',
  role: { name: 'Technician' },
  policyRole: 'Technician',
  regionId: null,
  region: null,
  status: 'ACTIVE',
  locale: null,
};

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function stubServer(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body ?? '{}')),
      });
      return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section aria-label={title}>{children}</section>
);

beforeAll(() => session.set(tech, 'token-arun'));
afterAll(() => session.clear());
afterEach(() => vi.unstubAllGlobals());

describe('RecordReading', () => {
  it('refuses a TDS of 6000 on its field and sends nothing', async () => {
    const sent = stubServer();
    const { user } = renderWithApp(<RecordReading requestId="r1" Section={Section} />);
    await user.type(await screen.findByRole('textbox', { name: 'TDS in (mg/L)' }), '6000');
    await user.type(screen.getByRole('textbox', { name: 'TDS out (mg/L)' }), '40');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));

    expect(await screen.findByText('TDS must be a number from 0 to 5000 mg/L')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'TDS in (mg/L)' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'TDS out (mg/L)' }).getAttribute('aria-invalid')).toBe('false');
    expect(sent).toEqual([]);
    expect(await queue().items()).toEqual([]);
  });

  it('queues a valid reading, sends it once with its key and the phone time, and shows its rejection', async () => {
    const sent = stubServer();
    const { user } = renderWithApp(<RecordReading requestId="r1" Section={Section} />);
    await user.type(await screen.findByRole('textbox', { name: 'TDS in (mg/L)' }), '450');
    await user.type(screen.getByRole('textbox', { name: 'TDS out (mg/L)' }), '36');
    // A decimal comma, as some phones' keypads type it.
    await user.type(screen.getByRole('textbox', { name: 'pH' }), '7,2');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));

    expect(await screen.findByText('Rejection 92%')).toBeTruthy();
    expect(screen.getByText('Within the limits.')).toBeTruthy();
    expect(await screen.findByText('Reading saved')).toBeTruthy();
    expect(sent).toHaveLength(1);
    const [call] = sent as [Sent];
    expect([call.method, call.url]).toEqual(['POST', '/api/service-requests/r1/readings']);
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call.body).toEqual({
      tdsIn: 450,
      tdsOut: 36,
      ph: 7.2,
      takenAt: call.body.clientTime,
      clientTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Sent: nothing waits on the phone; the form is empty for the next reading.
    expect(await queue().items()).toEqual([]);
    expect((screen.getByRole('textbox', { name: 'TDS in (mg/L)' }) as HTMLInputElement).value).toBe('');
  });

  it('warns when the water breaks IS 10500 or the membrane rejects too little', async () => {
    stubServer();
    const { user } = renderWithApp(<RecordReading requestId="r1" Section={Section} />);
    await user.type(await screen.findByRole('textbox', { name: 'TDS in (mg/L)' }), '1200');
    await user.type(screen.getByRole('textbox', { name: 'TDS out (mg/L)' }), '620');
    await user.type(screen.getByRole('textbox', { name: 'pH' }), '9');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));

    expect(await screen.findByText('Rejection 48.3%')).toBeTruthy();
    expect(screen.getByText('TDS out is above 500 mg/L: not fit to drink.')).toBeTruthy();
    expect(screen.getByText('pH is outside 6.5–8.5.')).toBeTruthy();
    expect(screen.getByText('Rejection is below 80%: the membrane may need changing.')).toBeTruthy();
  });
});
