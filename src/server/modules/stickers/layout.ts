/**
 * One sticker's layout (issue 36 item 3, ADR 043), in millimetres: the common 24-up A4 label
 * (70 × 37 mm, 3 across and 8 down). The QR code on the left, 31 mm square with its quiet zone;
 * on the right the business name, "Scan for service", the support number, the product and its
 * serial number. Nothing of the customer. The SVG and the PDF draw this same layout.
 */
import { publicPath } from '#shared/domain/public-unit.ts';
import { type QrRuns, qrRuns } from './qr.ts';

export const STICKER_W = 70;
export const STICKER_H = 37;
const PAD = 2;
const QR_SIDE = STICKER_H - 2 * PAD;
/** Quiet zone in modules around the symbol (the standard asks 4; 2 is ample on a white label). */
const QUIET = 2;
const TEXT_X = PAD + QR_SIDE + 1.5;
const TEXT_W = STICKER_W - TEXT_X - PAD;

export interface StickerUnit {
  publicCode: string;
  brand: string;
  product: string;
  serial: string;
}

export interface StickerText {
  text: string;
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  bold: boolean;
  grey: boolean;
}

export interface StickerLayout {
  url: string;
  qr: QrRuns & { x: number; y: number; module: number };
  lines: StickerText[];
}

/** Characters that fit `width` mm at `size` mm (an average glyph is about 0.5 em in Helvetica). */
const fits = (size: number, width = TEXT_W) => Math.max(4, Math.floor(width / (size * 0.5)));

/** The text at the largest size from `max` down to `min` at which it fits, else cut at `min`. */
function fitted(text: string, max: number, min = max): { text: string; size: number } {
  const t = text.replace(/\s+/g, ' ').trim();
  for (let size = max; size >= min - 1e-9; size -= 0.2) {
    if (t.length <= fits(size)) return { text: t, size: Number(size.toFixed(1)) };
  }
  const n = fits(min);
  return { text: `${t.slice(0, n - 1)}…`, size: min };
}

export function stickerLayout(
  unit: StickerUnit,
  base: string,
  business: { name: string; phone: string | null },
): StickerLayout {
  const url = `${base}${publicPath(unit.publicCode)}`;
  const runs = qrRuns(url);
  const module = QR_SIDE / (runs.size + 2 * QUIET);
  const qr = { ...runs, x: PAD + QUIET * module, y: PAD + QUIET * module, module };
  const line = (text: string, y: number, max: number, bold = false, grey = false, min = max): StickerText => ({
    ...fitted(text, max, min),
    x: TEXT_X,
    y,
    bold,
    grey,
  });
  const lines = [
    line(business.name, 7.5, 3.6, true, false, 2.2),
    line('Scan for service', 12.5, 2.8),
    ...(business.phone ? [line(`Call ${business.phone}`, 17.5, 3.2, true, false, 2.6)] : []),
    line(`${unit.brand} ${unit.product}`, 25, 2.8, false, false, 2.2),
    line(`Serial ${unit.serial}`, 30, 2.4, false, true),
  ];
  return { url, qr, lines };
}
