/** Customers: the create/edit body with the dialog's phone and coordinate rules, the list item and the history view. */
import { z } from 'zod';
import { MIN_NAME, PHONE_LENGTH } from '../domain/constants.ts';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../domain/workflow.ts';
import { clientTime, idNameRef, nameRef, pageQuery } from './common.ts';
import { jobField } from './job.ts';
import { customerConsent, messageLanguage } from './messages.ts';

export const CUSTOMER_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneDigits: `Phone number must be ${PHONE_LENGTH} digits`,
  phoneDuplicate: 'This phone number already exists',
  coordinatesInvalid: 'Invalid coordinates. Please enter valid numbers.',
  coordinatesRange: 'Coordinates out of range. Latitude: -90 to 90, Longitude: -180 to 180',
  regionRequired: 'Region is required',
  regionNotFound: 'Region not found',
  outOfRegion: 'You can only manage customers in your region',
  hasRequests: 'This customer has service requests and cannot be deleted',
  notFound: 'Customer not found',
} as const;

const PHONE_RE = new RegExp(`^\\d{${PHONE_LENGTH}}$`);

/** A 10-digit phone number. */
export const phoneNumber = z
  .string({ error: CUSTOMER_MESSAGES.phoneRequired })
  .trim()
  .min(1, CUSTOMER_MESSAGES.phoneRequired)
  .regex(PHONE_RE, CUSTOMER_MESSAGES.phoneDigits);

/** The additional-phone rule of the dialog: the message for `candidate`, or null when it may be added. */
export function additionalPhoneError(
  candidate: string,
  primaryPhone: string,
  others: readonly string[],
): string | null {
  const value = candidate.trim();
  if (!value) return CUSTOMER_MESSAGES.phoneRequired;
  if (!PHONE_RE.test(value)) return CUSTOMER_MESSAGES.phoneDigits;
  if (value === primaryPhone.trim() || others.includes(value)) return CUSTOMER_MESSAGES.phoneDuplicate;
  return null;
}

export function inRange(latitude: number, longitude: number): boolean {
  return latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180;
}

/**
 * Manual coordinate entry: parse two text fields. Returns the numbers, or the spec's message.
 */
export function parseCoordinates(
  latitude: string,
  longitude: string,
): { ok: true; latitude: number; longitude: number } | { ok: false; message: string } {
  const lat = latitude.trim() === '' ? Number.NaN : Number(latitude);
  const lng = longitude.trim() === '' ? Number.NaN : Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng))
    return { ok: false, message: CUSTOMER_MESSAGES.coordinatesInvalid };
  if (!inRange(lat, lng)) return { ok: false, message: CUSTOMER_MESSAGES.coordinatesRange };
  return { ok: true, latitude: lat, longitude: lng };
}

const coordinate = z.number({ error: CUSTOMER_MESSAGES.coordinatesInvalid });
const accuracy = z.number({ error: 'Invalid accuracy' }).min(0, 'Invalid accuracy').max(1_000_000, 'Invalid accuracy');

/** A captured location (spec section 3: latitude, longitude, accuracy in metres). */
export const locationBody = z
  .object({
    latitude: coordinate,
    longitude: coordinate,
    accuracy: accuracy.nullish(),
    clientTime,
    /**
     * The task the save belongs to, sent by the app's offline queue (ADR 027): a queued save
     * refused because that task moved on tells the office. Optional; the spec's client sends none.
     */
    requestId: z.uuid({ message: 'Invalid id' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!inRange(v.latitude, v.longitude)) {
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: CUSTOMER_MESSAGES.coordinatesRange });
    }
  });
export type LocationInput = z.input<typeof locationBody>;

const optionalEmail = z
  .union([z.literal(''), z.string().trim().max(254, 'Invalid email').pipe(z.email('Invalid email'))])
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

/** POST /customers and PUT /customers/{id}. */
export const customerBody = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .min(MIN_NAME, `Name must be at least ${MIN_NAME} characters`)
      .max(120, 'Name must be at most 120 characters'),
    address: z
      .string({ error: 'Address is required' })
      .trim()
      .min(1, 'Address is required')
      .min(5, 'Address must be at least 5 characters')
      .max(300, 'Address must be at most 300 characters'),
    primaryPhone: phoneNumber,
    phoneNumbers: z.array(phoneNumber).max(10, 'At most 10 additional phone numbers').default([]),
    email: optionalEmail,
    regionId: z
      .string({ error: CUSTOMER_MESSAGES.regionRequired })
      .min(1, CUSTOMER_MESSAGES.regionRequired)
      .pipe(z.uuid(CUSTOMER_MESSAGES.regionRequired)),
    latitude: coordinate.nullish(),
    longitude: coordinate.nullish(),
    accuracy: accuracy.nullish(),
    /** The language of the customer's messages (issue 35): one of the six; absent keeps it. */
    language: messageLanguage.optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set([v.primaryPhone]);
    v.phoneNumbers.forEach((p, i) => {
      if (seen.has(p))
        ctx.addIssue({ code: 'custom', path: ['phoneNumbers', i], message: CUSTOMER_MESSAGES.phoneDuplicate });
      seen.add(p);
    });
    const hasLat = v.latitude !== null && v.latitude !== undefined;
    const hasLng = v.longitude !== null && v.longitude !== undefined;
    if (hasLat !== hasLng) {
      ctx.addIssue({
        code: 'custom',
        path: [hasLat ? 'longitude' : 'latitude'],
        message: CUSTOMER_MESSAGES.coordinatesInvalid,
      });
    } else if (hasLat && hasLng && !inRange(v.latitude as number, v.longitude as number)) {
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: CUSTOMER_MESSAGES.coordinatesRange });
    }
  });
export type CustomerInput = z.input<typeof customerBody>;
export type CustomerBody = z.output<typeof customerBody>;

export const customerItem = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  primaryPhone: z.string(),
  phoneNumbers: z.array(z.string()),
  email: z.string().nullable(),
  regionId: z.string(),
  region: nameRef,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  createdAt: z.string(),
  /** The language of the customer's messages (issue 35); added after the spec. */
  language: messageLanguage,
  /** Consent to WhatsApp and SMS messages (issue 35 item 5); added after the spec. */
  consent: customerConsent,
});
export type CustomerItem = z.infer<typeof customerItem>;

export const customerListQuery = pageQuery.extend({ regionId: z.uuid('Invalid region').optional() });
export type CustomerListQuery = z.output<typeof customerListQuery>;

export const historyItem = z.object({
  id: z.string(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  description: z.string(),
  /** An auto-raised job's facts (ADR 035), or null. */
  job: jobField,
  createdAt: z.string(),
  assignedTo: idNameRef.nullable(),
  /** The request's photos (spec section 3: each with id, a signed fileUrl, uploadedAt). */
  workMedia: z.array(z.object({ id: z.string(), fileUrl: z.string(), uploadedAt: z.string() })),
  /** `workMedia.length`, for the card's image count. */
  mediaCount: z.number().int(),
});
export type HistoryItem = z.infer<typeof historyItem>;

export const customerHistory = z.object({
  customer: customerItem,
  serviceHistory: z.array(historyItem),
  statistics: z.object({
    totalServices: z.number().int(),
    installations: z.number().int(),
    services: z.number().int(),
    complaints: z.number().int(),
    enquiries: z.number().int(),
    completedServices: z.number().int(),
    /** When the newest request was raised, or null. */
    lastService: z.string().nullable(),
  }),
});
export type CustomerHistory = z.infer<typeof customerHistory>;
