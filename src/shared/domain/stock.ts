/**
 * Spare parts and stock (issue 37, ADR 049): the catalogue's kinds and units, the ledger's
 * movement kinds, GST (rates, GSTIN, a purchase's totals) and the moving-average cost. Plain
 * functions the server and the web both use; amounts are integers in paise.
 */

export const PART_KINDS = ['CARTRIDGE', 'MEMBRANE', 'UV_LAMP', 'PUMP', 'SMPS', 'FITTING', 'OTHER'] as const;
export type PartKind = (typeof PART_KINDS)[number];

export const PART_UNITS = ['PCS', 'SET', 'METRE'] as const;
export type PartUnit = (typeof PART_UNITS)[number];

/** The GST slabs a part or a purchase line may carry. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

export const LOCATION_KINDS = ['STORE', 'VAN'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/**
 * The ledger's kinds; the quantity's sign says which way it went at that location.
 * RECEIVE: a purchase into a store (negative: its reversal). TRANSFER_OUT / TRANSFER_IN: store to
 * van or store to store (out when issued, in when received). RETURN: van to store (out when the
 * technician sends it, in when the store receives it). CONSUME: fitted on a job. ADJUST: a count
 * corrected, with a reason.
 */
export const MOVEMENT_KINDS = ['RECEIVE', 'TRANSFER_OUT', 'TRANSFER_IN', 'CONSUME', 'ADJUST', 'RETURN'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * A transfer's life: REQUESTED (a technician's ask for parts: nothing moved), ISSUED (out of the
 * source, in transit), RECEIVED (into the destination), CANCELLED (a request not issued, or an
 * issue taken back before receipt: the stock goes back to the source).
 */
export const TRANSFER_STATUSES = ['REQUESTED', 'ISSUED', 'RECEIVED', 'CANCELLED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const PURCHASE_STATUSES = ['DRAFT', 'RECEIVED', 'REVERSED'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** At most this many lines in a transfer, a part request or a purchase. */
export const MAX_STOCK_LINES = 50;
/** At most this many of one part in one line or adjustment. */
export const MAX_LINE_QUANTITY = 10_000;
/** At most ₹1 crore for one unit price or cost (paise). */
export const MAX_PAISE = 1_000_000_000;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2 digits of state, a PAN (5 letters, 4 digits, a letter), an entity digit, Z, a check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's check character (GSTN's algorithm: base 36, factors 1 and 2 alternating). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] as string);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] as string;
}

/** A well-formed GSTIN: the pattern, a state code 01–38 or 97/99, and its check character. */
export function isValidGstin(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!GSTIN_PATTERN.test(v)) return false;
  const state = Number(v.slice(0, 2));
  if (!((state >= 1 && state <= 38) || state === 97 || state === 99)) return false;
  return gstinCheckChar(v.slice(0, 14)) === v[14];
}

/** The state code of a GSTIN ('29' for Karnataka). */
export function gstinState(gstin: string | null | undefined): string | null {
  return gstin && gstin.length >= 2 ? gstin.slice(0, 2) : null;
}

/**
 * Inter-state (IGST) when both states are known and differ; otherwise intra-state (CGST + SGST),
 * which is what a dealer's local supplier charges.
 */
export function isInterState(supplierGstin: string | null | undefined, businessState: string | null): boolean {
  const supplier = gstinState(supplierGstin);
  return !!supplier && !!businessState && supplier !== businessState;
}

export interface GstLineInput {
  quantity: number;
  unitCostPaise: number;
  gstRate: number;
}

export interface GstLine extends GstLineInput {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface GstTotals {
  interState: boolean;
  lines: GstLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * A purchase's totals: each line's taxable value (quantity × unit cost), its tax rounded to the
 * paisa per line (intra-state: CGST and SGST at half the rate each, each rounded; inter-state:
 * IGST at the rate), and the sums.
 */
export function gstTotals(lines: GstLineInput[], interState: boolean): GstTotals {
  const out: GstLine[] = lines.map((l) => {
    const taxablePaise = l.quantity * l.unitCostPaise;
    const half = interState ? 0 : Math.round((taxablePaise * l.gstRate) / 200);
    const igstPaise = interState ? Math.round((taxablePaise * l.gstRate) / 100) : 0;
    return {
      ...l,
      taxablePaise,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise,
      totalPaise: taxablePaise + 2 * half + igstPaise,
    };
  });
  const sum = (k: keyof GstLine) => out.reduce((s, l) => s + (l[k] as number), 0);
  return {
    interState,
    lines: out,
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('totalPaise'),
  };
}

/**
 * The moving-average cost after receiving `quantity` at `unitCostPaise` when `onHand` (all
 * locations, negatives counted as none) were valued at `costPaise`; rounded to the paisa.
 */
export function movingAverageCost(onHand: number, costPaise: number, quantity: number, unitCostPaise: number): number {
  const held = Math.max(0, onHand);
  if (held + quantity <= 0) return costPaise;
  return Math.round((held * costPaise + quantity * unitCostPaise) / (held + quantity));
}
