/**
 * A QR code's dark modules as runs (issue 36 item 3): the `qrcode` package encodes, this only
 * reads its module matrix, so the SVG sticker and the PDF sheet draw the same symbol, each as one
 * path of rectangles (a run of dark modules in a row is one rectangle).
 */
import QRCode from 'qrcode';

export interface QrRuns {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** [column, row, length] of each horizontal run of dark modules. */
  runs: [number, number, number][];
}

export function qrRuns(text: string): QrRuns {
  // M: about 15% of the symbol can be lost (a scratched or wet sticker) and it still reads.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const runs: [number, number, number][] = [];
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push([start, row, col - start]);
        start = -1;
      }
    }
  }
  return { size, runs };
}
