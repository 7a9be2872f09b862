/** One sticker as SVG (issue 36 item 3): the layout (layout.ts) at its printed size. */
import { STICKER_H, STICKER_W, type StickerLayout } from './layout.ts';

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

const n = (v: number) => Number(v.toFixed(3));

export function stickerSvg(l: StickerLayout): string {
  const { qr } = l;
  const path = qr.runs
    .map(
      ([c, r, len]) =>
        `M${n(qr.x + c * qr.module)} ${n(qr.y + r * qr.module)}h${n(len * qr.module)}v${n(qr.module)}h${n(-len * qr.module)}z`,
    )
    .join('');
  const text = l.lines
    .map(
      (t) =>
        `<text x="${n(t.x)}" y="${n(t.y)}" font-size="${t.size}"${t.bold ? ' font-weight="700"' : ''}${t.grey ? ' fill="#555"' : ''}>${escapeXml(t.text)}</text>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${STICKER_W}mm" height="${STICKER_H}mm" viewBox="0 0 ${STICKER_W} ${STICKER_H}">` +
    `<title>${escapeXml(l.url)}</title>` +
    `<rect width="${STICKER_W}" height="${STICKER_H}" fill="#fff"/>` +
    `<path d="${path}" fill="#000" shape-rendering="crispEdges"/>` +
    `<g font-family="Noto Sans, Roboto, Arial, sans-serif" fill="#000">${text}</g>` +
    `</svg>\n`
  );
}
