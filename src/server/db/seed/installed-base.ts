/**
 * Demo installed base (issue 21): four purifiers with their parts, one or two units per demo
 * customer installed so that some are due this week, some overdue and most later, a few AMCs
 * (one ending within 30 days) and the warranty of the newer units. Dates follow today (IST).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { contracts, productParts, products, unitSchedule, units } from '#server/db/schema/maintenance.ts';
import {
  addDays,
  addMonths,
  amcVisitDates,
  type ProductTechnology,
  todayIn,
  warrantyEndsOn,
} from '#shared/domain/maintenance.ts';

export const DEMO_PRODUCTS: {
  name: string;
  brand: string;
  technology: ProductTechnology;
  warrantyMonths: number;
  parts: [string, number][];
}[] = [
  {
    name: 'Pure RO+UV 8 L',
    brand: 'Neervana',
    technology: 'RO+UV',
    warrantyMonths: 12,
    parts: [
      ['Sediment filter', 6],
      ['Pre-carbon filter', 6],
      ['Post-carbon filter', 12],
      ['RO membrane', 24],
      ['UV lamp', 12],
    ],
  },
  {
    name: 'Smart RO+UV+UF 10 L',
    brand: 'Jalsuddhi',
    technology: 'RO+UV+UF',
    warrantyMonths: 24,
    parts: [
      ['Sediment filter', 6],
      ['Pre-carbon filter', 6],
      ['Post-carbon filter', 12],
      ['RO membrane', 24],
      ['UF membrane', 12],
      ['UV lamp', 12],
    ],
  },
  {
    name: 'Classic UV 7 L',
    brand: 'AquaVeda',
    technology: 'UV',
    warrantyMonths: 12,
    parts: [
      ['Sediment filter', 6],
      ['Pre-carbon filter', 6],
      ['UV lamp', 12],
    ],
  },
  {
    name: 'Flow RO 12 L',
    brand: 'Kaveri',
    technology: 'RO',
    warrantyMonths: 12,
    parts: [
      ['Sediment filter', 6],
      ['Pre-carbon filter', 6],
      ['Post-carbon filter', 12],
      ['RO membrane', 24],
    ],
  },
];

/** When each demo unit's sediment filter is due, in days from today: overdue, this week, later. */
const DUE_IN = [-21, 3, 45, -6, 1, 90, 5, 130, -2, 160, 6, 20];

/** The units, in the order of `customerList` (one or two a customer). */
export async function seedInstalledBase(
  tx: Tx,
  customerList: { id: string }[],
  adminId: string | undefined,
): Promise<{ id: string; customerId: string; installedOn: string }[]> {
  const made: { id: string; customerId: string; installedOn: string }[] = [];
  const today = todayIn('Asia/Kolkata');
  const productRows: { id: string; warrantyMonths: number; parts: { id: string; months: number }[] }[] = [];
  for (const p of DEMO_PRODUCTS) {
    const [row] = await tx
      .insert(products)
      .values({
        name: p.name,
        brand: p.brand,
        technology: p.technology,
        warrantyMonths: p.warrantyMonths,
        searchText: `${p.brand} ${p.name}`.toLowerCase(),
      })
      .returning({ id: products.id });
    const parts = await tx
      .insert(productParts)
      .values(
        p.parts.map(([name, months], position) => ({ productId: row!.id, name, intervalMonths: months, position })),
      )
      .returning({ id: productParts.id, months: productParts.intervalMonths });
    productRows.push({ id: row!.id, warrantyMonths: p.warrantyMonths, parts });
  }
  let n = 0;
  for (const [i, customer] of customerList.entries()) {
    const count = i % 3 === 0 ? 2 : 1;
    for (let k = 0; k < count; k++, n++) {
      const product = productRows[n % productRows.length]!;
      const sedimentDue = addDays(today, DUE_IN[n % DUE_IN.length]!);
      // Installed so that the sediment filter (6 months) falls due on that day; an older unit's
      // yearly parts were changed at its last yearly visit.
      const installedOn = addMonths(sedimentDue, n % 2 === 0 ? -6 : -18);
      const [unit] = await tx
        .insert(units)
        .values({
          customerId: customer.id,
          productId: product.id,
          serialNumber: `${['NV', 'JS', 'AV', 'KV'][n % 4]}-${2025 + (n % 2)}-${String(10417 + n * 37).padStart(6, '0')}`,
          installedOn,
          locationNote: ['Kitchen, above the sink', 'Dining area wall', 'Utility room', 'Office pantry'][n % 4],
        })
        .returning({ id: units.id });
      made.push({ id: unit!.id, customerId: customer.id, installedOn });
      const lastYearly = n % 2 === 0 ? installedOn : addMonths(installedOn, 12);
      await tx.insert(unitSchedule).values(
        product.parts.map((p) => {
          const last = p.months === 6 ? addMonths(sedimentDue, -6) : p.months === 12 ? lastYearly : installedOn;
          return { unitId: unit!.id, partId: p.id, lastChangedOn: last, nextDueOn: addMonths(last, p.months) };
        }),
      );
      const warrantyEnd = warrantyEndsOn(installedOn, product.warrantyMonths);
      if (n % 3 === 1) {
        // An AMC: one of them ends within 30 days (a renewal to sell), the others later.
        const startsOn = n === 1 ? addDays(today, -345) : addDays(today, -120 - n * 7);
        const endsOn = addDays(addMonths(startsOn, 12), -1);
        const [amc] = await tx
          .insert(contracts)
          .values({
            unitId: unit!.id,
            type: 'AMC',
            startsOn,
            endsOn,
            visitsPerYear: 4,
            partsIncluded: n % 2 === 1,
            price: n % 2 === 1 ? 549900 : 349900,
            createdById: adminId ?? null,
          })
          .returning({ id: contracts.id });
        const visits = amcVisitDates(startsOn, endsOn, 4);
        const done = visits.filter((d) => d < today).length;
        await tx.insert(unitSchedule).values({
          unitId: unit!.id,
          contractId: amc!.id,
          lastChangedOn: done > 0 ? visits[done - 1]! : null,
          nextDueOn: visits[done] ?? null,
          visitsDone: done,
        });
      } else if (warrantyEnd >= today) {
        await tx.insert(contracts).values({
          unitId: unit!.id,
          type: 'WARRANTY',
          startsOn: installedOn,
          endsOn: warrantyEnd,
          price: 0,
          createdById: adminId ?? null,
        });
      }
    }
  }
  await tx.execute(sql`
    UPDATE units u SET next_due_on = (SELECT min(s.next_due_on) FROM unit_schedule s WHERE s.unit_id = u.id)`);
  return made;
}
