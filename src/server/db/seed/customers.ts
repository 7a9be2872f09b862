/**
 * A demo customer's row (demo.ts), with their messages settings (issue 35, ADR 046): each in the
 * language of their region, most agreeing to WhatsApp (one in four also to SMS), one in four to
 * nothing, so the Messages screen shows sent and skipped messages as people act on the demo.
 */
import type { ConsentSource } from '#shared/domain/messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';

const DEMO_LANGUAGE: Record<string, Locale> = { Chennai: 'ta', Bengaluru: 'kn', Hyderabad: 'te' };

/** The `customers` columns of the demo's `i`-th customer, of `region`. */
export function demoMessaging(i: number, region: string) {
  const none = i % 4 === 3;
  return {
    language: DEMO_LANGUAGE[region] ?? ('en-IN' as Locale),
    whatsappOptIn: !none,
    smsOptIn: i % 4 === 1,
    consentAt: none ? null : new Date(),
    consentSource: none ? null : ('OFFICE' as ConsentSource),
  };
}

export interface DemoCustomer {
  name: string;
  address: string;
  phone: string;
  extra: string[];
  region: string;
  lat?: number;
  lng?: number;
}

/** The `customers` values of the demo's `i`-th customer. */
export function demoCustomerRow(c: DemoCustomer, i: number, regionId: string, createdById: string | undefined) {
  return {
    name: c.name,
    address: c.address,
    primaryPhone: c.phone,
    phoneNumbers: c.extra,
    email: null,
    regionId,
    latitude: c.lat ?? null,
    longitude: c.lng ?? null,
    searchText: [c.name, c.phone, ...c.extra].join(' ').toLowerCase(),
    createdById,
    ...demoMessaging(i, c.region),
  };
}
