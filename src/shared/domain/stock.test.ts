import { describe, expect, it } from 'vitest';
import { partBody, partPatch, STOCK_MESSAGES } from '../contracts/stock.ts';
import { keyOfMessage } from '../i18n/messages.ts';
import { gstinCheckChar, gstTotals, isInterState, isValidGstin, movingAverageCost } from './stock.ts';

describe('GSTIN (issue 37 item 6)', () => {
  it('accepts real GSTINs and refuses a wrong check character, state or shape', () => {
    for (const g of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAACR5055K1Z9', '33aaach7409r1z8']) {
      expect(isValidGstin(g), g).toBe(true);
    }
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    for (const g of ['27AAPFU0939F1ZW', '00AAPFU0939F1ZV', '27AAPFU0939F1Z', '27AAPFU0939F1YV', '']) {
      expect(isValidGstin(g), g).toBe(false);
    }
  });

  it('is inter-state only when both states are known and differ', () => {
    expect(isInterState('27AAPFU0939F1ZV', '29')).toBe(true);
    expect(isInterState('29AAGCB7383J1Z4', '29')).toBe(false);
    expect(isInterState(null, '29')).toBe(false);
    expect(isInterState('27AAPFU0939F1ZV', null)).toBe(false);
  });
});

describe('a purchase invoice totals (fixture)', () => {
  const lines = [
    { quantity: 10, unitCostPaise: 45_000, gstRate: 18 }, // 10 membranes at ₹450
    { quantity: 3, unitCostPaise: 12_550, gstRate: 12 }, // 3 cartridges at ₹125.50
    { quantity: 1, unitCostPaise: 99, gstRate: 5 }, // a fitting at 99 paise: half-paise rounding
  ];
  it('intra-state: CGST and SGST at half the rate each, rounded per line', () => {
    const t = gstTotals(lines, false);
    expect(t.lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [450_000, 40_500, 40_500, 0],
      [37_650, 2_259, 2_259, 0],
      [99, 2, 2, 0],
    ]);
    expect([t.taxablePaise, t.cgstPaise, t.sgstPaise, t.igstPaise, t.totalPaise]).toEqual([
      487_749, 42_761, 42_761, 0, 573_271,
    ]);
  });
  it('inter-state: IGST at the rate', () => {
    const t = gstTotals(lines, true);
    expect(t.lines.map((l) => l.igstPaise)).toEqual([81_000, 4_518, 5]);
    expect([t.cgstPaise, t.sgstPaise, t.igstPaise, t.totalPaise]).toEqual([0, 0, 85_523, 573_272]);
  });
});

describe('moving-average cost', () => {
  it('weighs what is held against what arrives; negatives count as none', () => {
    expect(movingAverageCost(10, 40_000, 10, 50_000)).toBe(45_000);
    expect(movingAverageCost(0, 40_000, 5, 50_000)).toBe(50_000);
    expect(movingAverageCost(-3, 40_000, 5, 50_000)).toBe(50_000);
    expect(movingAverageCost(2, 100, 1, 101)).toBe(100);
  });
});

describe('the stock contracts’ texts', () => {
  it('each is a stock.error entry of the server catalogue (so it is shown in the reader’s language)', () => {
    for (const [name, text] of Object.entries(STOCK_MESSAGES)) {
      expect(keyOfMessage(text)?.key, text).toBe(`stock.error.${name}`);
    }
  });
});

describe('the catalogue item’s contracts', () => {
  it('a PATCH changes only what it sends: no default is filled in (a name alone keeps the GST rate, cost, products)', () => {
    expect(partPatch.parse({ name: ' Sediment 10" ' })).toEqual({ name: 'Sediment 10"' });
    expect(partPatch.parse({ hsnCode: '' })).toEqual({ hsnCode: null });
  });
  it('a new item takes the defaults', () => {
    expect(partBody.parse({ sku: 'SED-10', name: 'Sediment', kind: 'CARTRIDGE', pricePaise: 35_000 })).toEqual({
      sku: 'SED-10',
      name: 'Sediment',
      kind: 'CARTRIDGE',
      unit: 'PCS',
      hsnCode: null,
      gstRate: 18,
      pricePaise: 35_000,
      costPaise: 0,
      productIds: [],
      active: true,
    });
  });
});
