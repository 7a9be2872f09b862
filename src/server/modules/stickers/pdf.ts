/**
 * A printable A4 sheet of stickers (issue 36 item 3, ADR 043): pdfkit, 24 a page (3 across, 8
 * down, the common 70 × 37 mm label sheet), each the layout of layout.ts. pdfkit's standard
 * Helvetica covers Latin-1 only (fontkit's Indic shaping is broken, so no Indic font is embedded):
 * other characters print as "?" and ₹ as "Rs"; the SVG sticker has no such limit.
 */
import PDFDocument from 'pdfkit';
import { latin, PT_PER_MM } from '#server/lib/pdf.ts';
import { STICKER_H, STICKER_W, type StickerLayout } from './layout.ts';

const A4 = { w: 595.28, h: 841.89 };
export const ACROSS = 3;
export const DOWN = 8;
export const PER_PAGE = ACROSS * DOWN;

/** The sheet as a stream (pdfkit writes each page as it is finished). */
export function stickerSheet(layouts: Iterable<StickerLayout>, title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Creator: 'AquaDesk' },
  });
  const w = STICKER_W * PT_PER_MM;
  const h = STICKER_H * PT_PER_MM;
  // The grid centred on the page (a 24-up sheet leaves a little at the top and bottom).
  const left = (A4.w - ACROSS * w) / 2;
  const top = (A4.h - DOWN * h) / 2;
  let i = 0;
  for (const l of layouts) {
    const slot = i % PER_PAGE;
    if (slot === 0) doc.addPage();
    const ox = left + (slot % ACROSS) * w;
    const oy = top + Math.floor(slot / ACROSS) * h;
    const mm = (v: number) => v * PT_PER_MM;
    for (const [c, r, len] of l.qr.runs) {
      doc.rect(
        ox + mm(l.qr.x + c * l.qr.module),
        oy + mm(l.qr.y + r * l.qr.module),
        mm(len * l.qr.module),
        mm(l.qr.module),
      );
    }
    doc.fillColor('#000').fill();
    for (const t of l.lines) {
      const size = mm(t.size);
      doc
        .font(t.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(size)
        .fillColor(t.grey ? '#555555' : '#000000')
        // pdfkit places text by its top; the layout gives the baseline (~0.8 em below the top).
        .text(latin(t.text), ox + mm(t.x), oy + mm(t.y) - size * 0.8, { lineBreak: false });
    }
    i++;
  }
  if (i === 0) doc.addPage();
  doc.end();
  return doc;
}
