/** Purchase rows as the API's `purchaseItem` (issue 37 item 6). */
import { signedMediaUrl } from '#server/lib/media-links.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import type { PurchaseItem } from '#shared/contracts/stock.ts';
import type { LineRow, PurchaseRow } from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPurchaseItem(tokens: TokenService, r: PurchaseRow, lines: LineRow[]): PurchaseItem {
  const p = r.p;
  return {
    id: p.id,
    supplier: { id: p.supplierId, name: r.supplierName, gstin: r.supplierGstin },
    invoiceNumber: p.invoiceNumber,
    invoiceDate: p.invoiceDate,
    store: { id: p.storeId, kind: r.storeKind, name: r.storeName },
    status: p.status,
    interState: p.interState,
    lines: lines.map(({ line, sku, partName, unit }) => ({
      part: { id: line.partId, sku, name: partName, unit },
      quantity: line.quantity,
      unitCostPaise: Number(line.unitCostPaise),
      gstRate: line.gstRate,
      taxablePaise: Number(line.taxablePaise),
      taxPaise: Number(line.taxPaise),
    })),
    taxablePaise: Number(p.taxablePaise),
    cgstPaise: Number(p.cgstPaise),
    sgstPaise: Number(p.sgstPaise),
    igstPaise: Number(p.igstPaise),
    totalPaise: Number(p.totalPaise),
    // Signed and expiring, as a work photo's URL: GET /api/media/* serves it without a bearer header.
    invoiceUrl: p.invoiceFileKey ? signedMediaUrl(tokens, p.invoiceFileKey) : null,
    createdBy: p.createdById && r.createdByName ? { id: p.createdById, name: r.createdByName } : null,
    receivedAt: iso(p.receivedAt),
    reversedAt: iso(p.reversedAt),
    reverseReason: p.reverseReason,
    createdAt: p.createdAt.toISOString(),
  };
}
