/**
 * Demo spare parts and stock (issue 37, ADR 049): a catalogue whose items are the demo products'
 * parts by name (plus a pump, an SMPS, fittings and pipe), two suppliers, one received invoice in
 * the Chennai store, cartridges issued to Suresh's van, a part request waiting, and reorder levels
 * that leave the UV lamps low. Written as the app writes them: movements only (the database's
 * trigger keeps the balances), so the ledger and the balances agree from the first start.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { parts } from '#server/db/schema/catalogue.ts';
import {
  purchaseLines,
  purchases,
  stockMovements,
  stockTransferLines,
  stockTransfers,
  suppliers,
} from '#server/db/schema/stock.ts';
import { gstinCheckChar, gstTotals, type PartKind, type PartUnit } from '#shared/domain/stock.ts';

const CATALOGUE: { sku: string; name: string; kind: PartKind; unit?: PartUnit; price: number; cost: number }[] = [
  { sku: 'SED-10', name: 'Sediment filter', kind: 'CARTRIDGE', price: 350, cost: 180 },
  { sku: 'PCF-10', name: 'Pre-carbon filter', kind: 'CARTRIDGE', price: 450, cost: 220 },
  { sku: 'POC-10', name: 'Post-carbon filter', kind: 'CARTRIDGE', price: 550, cost: 260 },
  { sku: 'ROM-80', name: 'RO membrane', kind: 'MEMBRANE', price: 2200, cost: 1250 },
  { sku: 'UFM-10', name: 'UF membrane', kind: 'MEMBRANE', price: 1200, cost: 650 },
  { sku: 'UVL-11', name: 'UV lamp', kind: 'UV_LAMP', price: 900, cost: 420 },
  { sku: 'PMP-24', name: 'Booster pump 24 V', kind: 'PUMP', price: 2800, cost: 1600 },
  { sku: 'SMPS-24', name: 'SMPS adapter 24 V', kind: 'SMPS', price: 1100, cost: 550 },
  { sku: 'FIT-QC14', name: 'Quick fitting 1/4"', kind: 'FITTING', price: 40, cost: 12 },
  { sku: 'PIPE-14', name: 'Food-grade pipe 1/4"', kind: 'FITTING', unit: 'METRE', price: 25, cost: 8 },
];

/** A well-formed GSTIN for the demo: state, PAN-like body, its check character. */
const gstin = (first14: string) => `${first14}${gstinCheckChar(first14)}`;

export async function seedDemoStock(
  tx: Tx,
  ids: { regionIds: Map<string, string>; userIds: Map<string, string> },
): Promise<void> {
  const items = await tx
    .insert(parts)
    .values(
      CATALOGUE.map((c) => ({
        sku: c.sku,
        name: c.name,
        kind: c.kind,
        unit: c.unit ?? 'PCS',
        hsnCode: c.kind === 'FITTING' ? '39174000' : '84219900',
        gstRate: 18,
        pricePaise: c.price * 100,
        costPaise: c.cost * 100,
        searchText: `${c.sku} ${c.name}`.toLowerCase(),
      })),
    )
    .returning({ id: parts.id, sku: parts.sku, costPaise: parts.costPaise });
  const part = (sku: string) => items.find((i) => i.sku === sku) as { id: string; costPaise: number };
  await tx.execute(sql`
    UPDATE product_parts pp SET stock_part_id = p.id FROM parts p
    WHERE pp.stock_part_id IS NULL AND lower(btrim(pp.name)) = lower(btrim(p.name))`);
  await tx.execute(sql`
    INSERT INTO part_products (part_id, product_id)
    SELECT DISTINCT stock_part_id, product_id FROM product_parts WHERE stock_part_id IS NOT NULL
    ON CONFLICT DO NOTHING`);

  const [local, far] = await tx
    .insert(suppliers)
    .values([
      {
        name: 'Shree Ganesh Water Tech',
        gstin: gstin('33ABCFS1234K1Z'),
        phone: '9840012345',
        address: '14 Anna Salai, Chennai',
        searchText: 'shree ganesh water tech',
      },
      {
        name: 'Deccan Aqua Spares',
        gstin: gstin('29AADCD5678M1Z'),
        phone: '9880054321',
        address: '8 Peenya Industrial Area, Bengaluru',
        searchText: 'deccan aqua spares',
      },
    ])
    .returning({ id: suppliers.id });
  const storeOf = async (region: string) => {
    const r = await tx.execute(
      sql`SELECT id FROM stock_locations WHERE kind = 'STORE' AND region_id = ${ids.regionIds.get(region) as string} LIMIT 1`,
    );
    return (r.rows[0] as { id: string }).id;
  };
  const vanOf = async (email: string) => {
    const r = await tx.execute(
      sql`SELECT id FROM stock_locations WHERE kind = 'VAN' AND technician_id = ${ids.userIds.get(email) as string} LIMIT 1`,
    );
    return (r.rows[0] as { id: string }).id;
  };
  const chennai = await storeOf('Chennai');
  const bengaluru = await storeOf('Bengaluru');
  const manager = ids.userIds.get('service.manager@demo.test') as string;
  const tech = ids.userIds.get('tech@demo.test') as string;

  // One invoice received into the Chennai store (intra-state: CGST + SGST).
  const lines = [
    ['SED-10', 40, 18_000],
    ['PCF-10', 30, 22_000],
    ['POC-10', 20, 26_000],
    ['ROM-80', 12, 125_000],
    ['UVL-11', 3, 42_000],
    ['SMPS-24', 4, 55_000],
    ['FIT-QC14', 100, 1_200],
  ] as const;
  const totals = gstTotals(
    lines.map(([, quantity, unitCostPaise]) => ({ quantity, unitCostPaise, gstRate: 18 })),
    false,
  );
  const [purchase] = await tx
    .insert(purchases)
    .values({
      supplierId: (local as { id: string }).id,
      invoiceNumber: 'SGW/2026/0418',
      invoiceDate: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      storeId: chennai,
      status: 'RECEIVED',
      interState: false,
      taxablePaise: totals.taxablePaise,
      cgstPaise: totals.cgstPaise,
      sgstPaise: totals.sgstPaise,
      igstPaise: 0,
      totalPaise: totals.totalPaise,
      createdById: manager,
      receivedById: manager,
      receivedAt: new Date(Date.now() - 9 * 86_400_000),
    })
    .returning({ id: purchases.id });
  const purchaseId = (purchase as { id: string }).id;
  await tx.insert(purchaseLines).values(
    lines.map(([sku, quantity, unitCostPaise], position) => ({
      purchaseId,
      position,
      partId: part(sku).id,
      quantity,
      unitCostPaise,
      gstRate: 18,
      taxablePaise: totals.lines[position]?.taxablePaise ?? 0,
      taxPaise: (totals.lines[position]?.cgstPaise ?? 0) * 2,
      costBeforePaise: part(sku).costPaise,
      costAfterPaise: unitCostPaise,
    })),
  );
  await tx.insert(stockMovements).values(
    lines.map(([sku, quantity, unitCostPaise]) => ({
      locationId: chennai,
      partId: part(sku).id,
      kind: 'RECEIVE' as const,
      quantity,
      unitCostPaise,
      purchaseId,
      actorId: manager,
    })),
  );
  // A second invoice from the Bengaluru supplier, recorded and not yet received.
  const draft = gstTotals([{ quantity: 6, unitCostPaise: 65_000, gstRate: 18 }], true);
  const [pending] = await tx
    .insert(purchases)
    .values({
      supplierId: (far as { id: string }).id,
      invoiceNumber: 'DAS-7781',
      invoiceDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      storeId: chennai,
      status: 'DRAFT',
      interState: true,
      taxablePaise: draft.taxablePaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: draft.igstPaise,
      totalPaise: draft.totalPaise,
      createdById: manager,
    })
    .returning({ id: purchases.id });
  await tx.insert(purchaseLines).values({
    purchaseId: (pending as { id: string }).id,
    position: 0,
    partId: part('UFM-10').id,
    quantity: 6,
    unitCostPaise: 65_000,
    gstRate: 18,
    taxablePaise: draft.taxablePaise,
    taxPaise: draft.igstPaise,
  });

  // Cartridges and a membrane issued to Suresh's van and received there.
  const van = await vanOf('tech@demo.test');
  const issued = [
    ['SED-10', 6],
    ['PCF-10', 4],
    ['ROM-80', 1],
    ['FIT-QC14', 10],
  ] as const;
  const [transfer] = await tx
    .insert(stockTransfers)
    .values({
      fromLocationId: chennai,
      toLocationId: van,
      status: 'RECEIVED',
      requestedById: manager,
      issuedById: manager,
      receivedById: tech,
      issuedAt: new Date(Date.now() - 8 * 86_400_000),
      receivedAt: new Date(Date.now() - 8 * 86_400_000 + 3_600_000),
    })
    .returning({ id: stockTransfers.id });
  const transferId = (transfer as { id: string }).id;
  await tx
    .insert(stockTransferLines)
    .values(issued.map(([sku, quantity]) => ({ transferId, partId: part(sku).id, quantity })));
  await tx.insert(stockMovements).values(
    issued.flatMap(([sku, quantity]) => [
      {
        locationId: chennai,
        partId: part(sku).id,
        kind: 'TRANSFER_OUT' as const,
        quantity: -quantity,
        transferId,
        actorId: manager,
      },
      { locationId: van, partId: part(sku).id, kind: 'TRANSFER_IN' as const, quantity, transferId, actorId: tech },
    ]),
  );
  // Suresh asks for UV lamps; nothing moves until it is issued.
  const [asked] = await tx
    .insert(stockTransfers)
    .values({
      fromLocationId: chennai,
      toLocationId: van,
      status: 'REQUESTED',
      note: 'Two UV jobs this week',
      requestedById: tech,
      requestedAt: new Date(Date.now() - 3_600_000),
    })
    .returning({ id: stockTransfers.id });
  await tx
    .insert(stockTransferLines)
    .values({ transferId: (asked as { id: string }).id, partId: part('UVL-11').id, quantity: 2 });

  // Reorder levels: the UV lamps (3 on hand, level 5) are low; Bengaluru's store holds nothing yet.
  await tx.execute(sql`
    INSERT INTO stock_balances (location_id, part_id, reorder_level)
    SELECT ${chennai}::uuid, p.id, CASE p.sku WHEN 'UVL-11' THEN 5 WHEN 'ROM-80' THEN 4 ELSE 10 END
    FROM parts p WHERE p.sku IN ('SED-10', 'PCF-10', 'POC-10', 'ROM-80', 'UVL-11')
    UNION ALL
    SELECT ${bengaluru}::uuid, p.id, 5 FROM parts p WHERE p.sku IN ('SED-10', 'ROM-80')
    ON CONFLICT (location_id, part_id) DO UPDATE SET reorder_level = EXCLUDED.reorder_level`);
}
