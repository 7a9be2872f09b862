/** Reading a pdfkit PDF's text back, for the job sheet's tests. */
import zlib from 'node:zlib';

/** The text a PDF shows, in one line: pdfkit writes each run as hex glyph codes (WinAnsi) in deflated streams. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = zlib.inflateSync(Buffer.from(m[1] as string, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(tj[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      out.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  // A wrapped line is two runs: joined by a space, as the reader sees it.
  return out.join(' ').replace(/\s+/g, ' ');
}
