/**
 * Water-quality readings taken at a visit (issue 36 item 1, ADR 042): against the request and,
 * when the request names one, its unit (the unit's series is read by `unit_id, taken_at`). A
 * reading the phone's queue sends twice is stored once by the Idempotency-Key (lib/idempotency.ts).
 */
import { index, pgTable, real, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './people.ts';
import { serviceRequests } from './requests.ts';
import { units } from './units.ts';

export const waterReadings = pgTable(
  'water_readings',
  {
    id: id(),
    requestId: uuid()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    technicianId: uuid().references(() => users.id),
    /** mg/L */
    tdsIn: real().notNull(),
    /** mg/L */
    tdsOut: real().notNull(),
    ph: real(),
    /** mg/L as CaCO3 */
    hardness: real(),
    /** When it was taken (the phone's time for a queued reading). */
    takenAt: tstz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.unitId, t.takenAt), index().on(t.requestId, t.takenAt), index().on(t.technicianId)],
);
