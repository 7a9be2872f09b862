/**
 * Issue 33 item 5 (ADR 035): a job the maintenance run raised reads in the reader's language on its
 * request page, from the facts it carries (brand and model, serial, the due date as the lists write
 * dates, the parts, the cover), not as the English stored for the spec's client; a description a
 * person typed shows exactly as typed, whatever the language.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobFacts, QrReport } from '#shared/contracts/job.ts';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { setLanguage } from '#web/i18n/index.ts';
import { RequestFactsCard } from './RequestFactsCard.tsx';

const ENGLISH =
  'Preventive maintenance due 5 Jan 2030 for Jalsuddhi Smart RO+UV+UF 10 L (serial JS-4471): ' +
  'Sediment filter, UV lamp. Chargeable: no contract covers this visit, quote before the visit.';

const job: JobFacts = {
  kind: 'maintenance',
  unitId: 'u-1',
  brand: 'Jalsuddhi',
  product: 'Smart RO+UV+UF 10 L',
  serial: 'JS-4471',
  // Another year than this one: the date is written with its year.
  dueOn: '2030-01-05',
  parts: ['Sediment filter', 'UV lamp'],
  chargeable: true,
};

const request = (over: Partial<RequestDetails>): RequestDetails => ({
  id: 'r-1',
  ticketNumber: 'SR-000041',
  type: 'SERVICE',
  description: ENGLISH,
  job,
  qrReport: null,
  source: 'SCHEDULE',
  status: 'PENDING_APPROVAL',
  customerId: 'c-1',
  customer: {
    id: 'c-1',
    name: 'Selvi Murugan',
    address: '12 North Car Street, Tirunelveli',
    primaryPhone: '9840012345',
    phoneNumbers: [],
    email: null,
    regionId: 'g-1',
    latitude: null,
    longitude: null,
  },
  regionId: 'g-1',
  region: { name: 'Tirunelveli' },
  requestedById: 's-1',
  requestedBy: { id: 's-1', name: 'AquaDesk Scheduler', role: { name: 'Service Admin' } },
  assignedToId: null,
  assignedTo: null,
  approvedBy: null,
  needsSalesApproval: false,
  salesApproved: true,
  version: 1,
  createdAt: '2029-12-20T04:30:00.000Z',
  updatedAt: '2029-12-20T04:30:00.000Z',
  assignedAt: null,
  completedAt: null,
  workLogs: [],
  workMedia: [],
  approvalHistory: [],
  unitId: 'u-1',
  jobSheetUrl: null,
  proof: null,
  ...over,
});

/** The text under the card's Description label, as the reader sees it. */
async function descriptionIn(label: string, expected: string) {
  const card = screen.getByRole('region');
  const heading = within(card).getByText(label);
  const fact = heading.parentElement as HTMLElement;
  // As written: a QR request's customer words follow a blank line.
  await within(fact).findByText(expected, { normalizer: (text) => text });
  return fact.textContent?.slice(label.length);
}

afterEach(async () => {
  await setLanguage('en-IN');
});

describe('a request description in the reader language', () => {
  it('a raised job reads in Tamil with its brand, serial, an Indian date, its parts and its cover', async () => {
    await setLanguage('ta');
    renderWithApp(<RequestFactsCard request={request({})} />);
    const tamil =
      'தடுப்புப் பராமரிப்பு 5 ஜன., 2030 அன்று நிலுவை — Jalsuddhi Smart RO+UV+UF 10 L (வரிசை எண் JS-4471): ' +
      'Sediment filter மற்றும் UV lamp. ' +
      'கட்டணம் உண்டு: இந்த வருகை எந்த ஒப்பந்தத்திலும் இல்லை, வருகைக்கு முன் விலைப்புள்ளி கொடுக்கவும்.';
    expect(await descriptionIn('விவரம்', tamil)).toBe(tamil);
    expect(screen.queryByText(ENGLISH)).toBeNull();
  });

  it('a covered job with no parts due reads as the contract visit, in English (India)', async () => {
    renderWithApp(<RequestFactsCard request={request({ job: { ...job, parts: [], chargeable: false } })} />);
    const english =
      'Preventive maintenance due 5 Jan 2030 for Jalsuddhi Smart RO+UV+UF 10 L (serial JS-4471): ' +
      'scheduled maintenance. Covered by contract.';
    expect(await descriptionIn('Description', english)).toBe(english);
  });

  it('a request raised at the QR sticker reads from its facts, with the customer words and the phone checked', async () => {
    const qr: QrReport = {
      problem: 'LEAKING',
      phone: '9876501234',
      phoneMatchesCustomer: false,
      preferredTime: 'MORNING',
    };
    const stored = "Leaking (reported by the customer from the unit's QR sticker): Drips under the sink";
    renderWithApp(
      <RequestFactsCard request={request({ job: null, qrReport: qr, source: 'QR', description: stored })} />,
    );
    const english =
      'Customer reported via the QR sticker: Leaking. Phone 98765 01234 (unverified). Prefers: morning.\n\n' +
      'Drips under the sink';
    expect(await descriptionIn('Description', english)).toBe(english);
    const phone = screen.getByRole('link', { name: '98765 01234' });
    expect(phone.getAttribute('href')).toBe('tel:9876501234');
    expect(screen.getByTestId('qr-phone-check').textContent).toBe('Unverified');
  });

  it('a QR request in Hindi, its phone the customer own', async () => {
    await setLanguage('hi');
    const qr: QrReport = {
      problem: 'NO_WATER',
      phone: '9840012345',
      phoneMatchesCustomer: true,
      preferredTime: null,
    };
    renderWithApp(
      <RequestFactsCard
        request={request({
          job: null,
          qrReport: qr,
          source: 'QR',
          description: "No water (reported by the customer from the unit's QR sticker).",
        })}
      />,
    );
    const hindi = 'ग्राहक ने QR स्टिकर से शिकायत की: पानी नहीं आ रहा। फ़ोन 98400 12345 (ग्राहक के नंबर से मेल खाता है)।';
    expect(await descriptionIn('विवरण', hindi)).toBe(hindi);
    expect(screen.getByTestId('qr-phone-check').textContent).toBe('ग्राहक से मेल खाता है');
  });

  it('a description a person typed shows as typed, in Tamil too', async () => {
    await setLanguage('ta');
    const typed = 'Water tastes salty since Monday; call before 10 am';
    renderWithApp(<RequestFactsCard request={request({ description: typed, job: null })} />);
    expect(await descriptionIn('விவரம்', typed)).toBe(typed);
  });
});
