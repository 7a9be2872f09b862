/**
 * Customers for an import (issue 34, ADR 040): SQL only. Many rows per statement, each batch
 * sent as one JSON parameter read with jsonb_to_recordset (one bind however many rows), the
 * search text computed as the one-row writes compute it (`searchTextOf`).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { type CustomerValues, searchTextOf } from './repository.ts';

/** Rows per INSERT or UPDATE statement. */
const BATCH = 2000;

export type PhoneMatch = {
  id: string;
  name: string;
  primaryPhone: string;
  externalId: string | null;
  /** The phone of the list that matched (the primary or an additional one). */
  phone: string;
};

/**
 * The customers having any of these phones, primary or additional (one hash join over all of
 * them); a customer merged into another (ADR 038) is hidden, as everywhere.
 */
export async function customersByPhones(db: Tx, phones: readonly string[]): Promise<PhoneMatch[]> {
  if (phones.length === 0) return [];
  const res = await db.execute<PhoneMatch>(sql`
    SELECT c.id, c.name, c.primary_phone AS "primaryPhone", c.external_id AS "externalId", p.phone
    FROM customers c
    CROSS JOIN LATERAL unnest(array_prepend(c.primary_phone, c.phone_numbers)) AS p(phone)
    WHERE c.merged_at IS NULL AND p.phone IN (SELECT jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`);
  return res.rows as PhoneMatch[];
}

/** The customers (not merged away) with any of these external ids. */
export async function customersByExternalIds(db: Tx, ids: readonly string[]): Promise<Omit<PhoneMatch, 'phone'>[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<Omit<PhoneMatch, 'phone'>>(sql`
    SELECT c.id, c.name, c.primary_phone AS "primaryPhone", c.external_id AS "externalId"
    FROM customers c
    WHERE c.merged_at IS NULL AND c.external_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return res.rows as Omit<PhoneMatch, 'phone'>[];
}

export type StoredCustomer = {
  id: string;
  name: string;
  phoneNumbers: string[];
  email: string | null;
  language: Locale;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  externalId: string | null;
};

/** What an update keeps when a cell is empty: the customers' optional values today. */
export async function storedCustomers(db: Tx, ids: readonly string[]): Promise<StoredCustomer[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<StoredCustomer>(sql`
    SELECT c.id, c.name, c.phone_numbers AS "phoneNumbers", c.email, c.language, c.latitude, c.longitude,
           c.location_accuracy AS accuracy, c.external_id AS "externalId"
    FROM customers c WHERE c.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
    FOR UPDATE`);
  return res.rows as StoredCustomer[];
}

export type ImportedCustomer = CustomerValues & { externalId: string | null };

const RECORD = sql.raw(`name text, address text, primary_phone text, phone_numbers text[], email text,
  region_id uuid, latitude float8, longitude float8, location_accuracy float8, external_id text, search_text text,
  language text`);

function jsonOf(rows: readonly (ImportedCustomer & { id?: string })[]): string {
  return JSON.stringify(
    rows.map((v) => ({
      id: v.id,
      name: v.name,
      address: v.address,
      primary_phone: v.primaryPhone,
      phone_numbers: v.phoneNumbers,
      email: v.email,
      region_id: v.regionId,
      latitude: v.latitude,
      longitude: v.longitude,
      location_accuracy: v.locationAccuracy,
      external_id: v.externalId,
      search_text: searchTextOf(v),
      language: v.language ?? null,
    })),
  );
}

export async function insertCustomers(db: Tx, rows: readonly ImportedCustomer[], createdById: string): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.execute(sql`
      INSERT INTO customers (name, address, primary_phone, phone_numbers, email, region_id, latitude, longitude,
                             location_accuracy, external_id, search_text, language, created_by_id)
      SELECT v.name, v.address, v.primary_phone, coalesce(v.phone_numbers, '{}'), v.email, v.region_id, v.latitude,
             v.longitude, v.location_accuracy, v.external_id, v.search_text, coalesce(v.language, 'en-IN'),
             ${createdById}::uuid
      FROM jsonb_to_recordset(${jsonOf(rows.slice(i, i + BATCH))}::jsonb) AS v(${RECORD})`);
  }
}

export async function updateCustomers(db: Tx, rows: readonly (ImportedCustomer & { id: string })[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.execute(sql`
      UPDATE customers c SET name = v.name, address = v.address, primary_phone = v.primary_phone,
        phone_numbers = coalesce(v.phone_numbers, '{}'), email = v.email, region_id = v.region_id,
        latitude = v.latitude, longitude = v.longitude, location_accuracy = v.location_accuracy,
        external_id = v.external_id, search_text = v.search_text, language = coalesce(v.language, c.language),
        updated_at = now()
      FROM jsonb_to_recordset(${jsonOf(rows.slice(i, i + BATCH))}::jsonb) AS v(id uuid, ${RECORD})
      WHERE c.id = v.id`);
  }
}

/** Keep the request search (customer name + description) true after renames, as one rename does. */
export async function refreshRequestSearchText(db: Tx, customerIds: readonly string[]): Promise<void> {
  if (customerIds.length === 0) return;
  await db.execute(sql`
    UPDATE service_requests sr SET search_text = lower(c.name || ' ' || sr.description)
    FROM customers c
    WHERE c.id = sr.customer_id AND c.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(customerIds)}::jsonb)::uuid)`);
}

/** Every region, to find one by its name. */
export async function allRegions(db: Tx): Promise<{ id: string; name: string }[]> {
  const res = await db.execute<{ id: string; name: string }>(sql`SELECT id, name FROM regions ORDER BY name`);
  return res.rows as { id: string; name: string }[];
}
