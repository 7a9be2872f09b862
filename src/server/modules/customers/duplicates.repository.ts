/**
 * Possible duplicate customers (issue 34 item 3, ADR 038): SQL only.
 *
 * A group is a "leader" customer and every customer not merged away that shares one of its phones
 * (any region) or has a very similar name in its region (trigram similarity at or above
 * SIMILAR_NAME_THRESHOLD); it is listed under its leader, the one that comes first by (name, id)
 * among them all, so a set of look-alikes is one group, not one per member. The walk goes over the
 * customers by name and stops after a page: each step is two index probes (customers_name_trgm
 * and customers_phones_gin, partial indexes over the customers not merged, migration 0014).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { CustomerRow } from './repository.ts';

/** "Very similar": pg_trgm similarity of the lower-case names at or above this. */
export const SIMILAR_NAME_THRESHOLD = 0.6;

export interface GroupRow {
  leaderId: string;
  /** Every member but the leader, by (name, id). */
  memberIds: string[];
  phoneIds: string[];
  nameIds: string[];
}

/** Every phone of a customer row (the expression customers_phones_gin indexes). */
const phonesOf = (alias: string) => sql.raw(`array_prepend(${alias}.primary_phone, ${alias}.phone_numbers)`);

/**
 * One page of groups, `limit` at most, skipping `offset`; `regionId` limits every member (a
 * manager's region), null for all. Runs in the caller's transaction: the threshold is set for it.
 */
export async function duplicateGroups(
  tx: Tx,
  f: { regionId: string | null; limit: number; offset: number },
): Promise<GroupRow[]> {
  await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(SIMILAR_NAME_THRESHOLD)}, true)`);
  const inRegion = (alias: string) => (f.regionId ? sql`AND ${sql.raw(alias)}.region_id = ${f.regionId}::uuid` : sql``);
  const res = await tx.execute<{
    leader_id: string;
    members: string[];
    phones: string[] | null;
    names: string[] | null;
  }>(
    sql`
    SELECT a.id AS leader_id, m.members, m.phones, m.names
      FROM customers a
      CROSS JOIN LATERAL (
        SELECT array_to_json(array_agg(b.id ORDER BY b.name, b.id)) AS members,
               array_to_json(array_agg(b.id) FILTER (WHERE ${phonesOf('b')} && ${phonesOf('a')})) AS phones,
               array_to_json(array_agg(b.id) FILTER (
                 WHERE b.region_id = a.region_id AND lower(b.name) % lower(a.name))) AS names,
               bool_or((b.name, b.id) < (a.name, a.id)) AS has_earlier
          FROM customers b
         WHERE b.merged_at IS NULL AND b.id <> a.id ${inRegion('b')}
           AND ((b.region_id = a.region_id AND lower(b.name) % lower(a.name))
                OR ${phonesOf('b')} && ${phonesOf('a')})
      ) m
     WHERE a.merged_at IS NULL ${inRegion('a')}
       AND m.members IS NOT NULL AND NOT m.has_earlier
     ORDER BY a.name, a.id
     LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  return res.rows.map((r) => ({
    leaderId: r.leader_id,
    memberIds: r.members,
    phoneIds: r.phones ?? [],
    nameIds: r.names ?? [],
  }));
}

/** A customer as the duplicates screen shows it (raw SQL: the time as text), with its counts. */
export type MemberRow = Pick<
  CustomerRow,
  'id' | 'name' | 'address' | 'primaryPhone' | 'phoneNumbers' | 'email' | 'regionId' | 'regionName'
> & {
  createdAt: string;
  requests: number;
  units: number;
  contracts: number;
};

/** The customers of a page with what would move with each: requests, units, their contracts. */
export async function membersWithCounts(tx: Tx, ids: string[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const res = await tx.execute<{
    id: string;
    name: string;
    address: string;
    primary_phone: string;
    phone_numbers: string[];
    email: string | null;
    region_id: string;
    region_name: string;
    created_at: string;
    requests: number;
    units: number;
    contracts: number;
  }>(sql`
    SELECT c.id, c.name, c.address, c.primary_phone, array_to_json(c.phone_numbers) AS phone_numbers, c.email,
           c.region_id, r.name AS region_name, to_json(c.created_at) #>> '{}' AS created_at,
           (SELECT count(*)::int FROM service_requests s WHERE s.customer_id = c.id) AS requests,
           (SELECT count(*)::int FROM units u WHERE u.customer_id = c.id) AS units,
           (SELECT count(*)::int FROM contracts k JOIN units u ON u.id = k.unit_id WHERE u.customer_id = c.id) AS contracts
      FROM customers c JOIN regions r ON r.id = c.region_id
     WHERE c.id IN (${list})`);
  return res.rows.map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    primaryPhone: r.primary_phone,
    phoneNumbers: r.phone_numbers ?? [],
    email: r.email,
    regionId: r.region_id,
    regionName: r.region_name,
    createdAt: new Date(r.created_at).toISOString(),
    requests: Number(r.requests),
    units: Number(r.units),
    contracts: Number(r.contracts),
  }));
}
