/**
 * A unit's public page (issue 36 items 4–5, ADR 043): what `GET /api/public/units/:code` answers
 * (no customer name, address or phone, ever) and what `POST /api/public/units/:code/requests`
 * takes. The public page (src/web/public-unit) and the server share them.
 */
import { z } from 'zod';
import { PHONE_LENGTH } from '../domain/constants.ts';
import { PREFERRED_TIMES, PUBLIC_DESCRIPTION_MAX, QR_PROBLEMS } from '../domain/public-unit.ts';
import { REQUEST_STATUSES } from '../domain/workflow.ts';

export const PUBLIC_MESSAGES = {
  problem: 'Choose what is wrong',
  descriptionLong: `The description can be at most ${PUBLIC_DESCRIPTION_MAX} characters`,
  descriptionOther: 'Tell us what is wrong',
  phone: `Enter a ${PHONE_LENGTH}-digit mobile number`,
  honeypot: 'Your request could not be sent',
  unitLimit: 'This purifier already has requests from the last hour; the office will call you',
  ipLimit: 'Too many tries from this connection; please try again later',
  notFound: 'This sticker is not in use. Please call the number on it.',
} as const;

export const publicCodeParams = z.object({ code: z.string().max(200) });

/** An open ticket of the unit: its number and status only. */
export const publicTicket = z.object({
  ticketNumber: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** The day it was raised, a calendar date in IST 'YYYY-MM-DD'. */
  raisedOn: z.string(),
});
export type PublicTicket = z.output<typeof publicTicket>;

export const publicUnit = z.object({
  /** SERVICE_NAME. */
  serviceName: z.string(),
  /** SUPPORT_PHONE, or null when unset. */
  supportPhone: z.string().nullable(),
  product: z.object({ brand: z.string(), name: z.string() }),
  /** Calendar dates 'YYYY-MM-DD'. */
  installedOn: z.string(),
  lastServiceOn: z.string().nullable(),
  nextDueOn: z.string().nullable(),
  openTickets: z.array(publicTicket),
});
export type PublicUnit = z.output<typeof publicUnit>;

export const publicRequestBody = z
  .object({
    problem: z.enum(QR_PROBLEMS, { error: PUBLIC_MESSAGES.problem }),
    description: z
      .string({ error: PUBLIC_MESSAGES.descriptionOther })
      .trim()
      .max(PUBLIC_DESCRIPTION_MAX, PUBLIC_MESSAGES.descriptionLong),
    phone: z
      .string({ error: PUBLIC_MESSAGES.phone })
      .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))
      .pipe(z.string().regex(new RegExp(`^[6-9]\\d{${PHONE_LENGTH - 1}}$`), PUBLIC_MESSAGES.phone)),
    preferredTime: z.enum(PREFERRED_TIMES).optional(),
    /**
     * "Send me updates about this request on WhatsApp" (issue 35 item 5, ADR 046): consent to
     * WhatsApp, source QR, taken only when `phone` is the customer's primary phone (the answer
     * never says whether it was).
     */
    whatsappUpdates: z.boolean().optional(),
    /** The honeypot: hidden from people by the page; a bot that fills it is refused. */
    website: z.string().max(500).optional(),
  })
  .refine((b) => b.problem !== 'OTHER' || b.description.length >= 3, {
    path: ['description'],
    message: PUBLIC_MESSAGES.descriptionOther,
  });
export type PublicRequestBody = z.input<typeof publicRequestBody>;

export const publicRequestCreated = z.object({
  ticketNumber: z.string(),
  status: z.enum(REQUEST_STATUSES),
});
export type PublicRequestCreated = z.output<typeof publicRequestCreated>;
