/** Reading a pdfkit PDF's text back, for the job sheet's tests. */
import zlib from 'node:zlib';

/** The text a PDF shows, in one line: pdfkit writes each run as hex glyph codes (WinAnsi) in deflated streams. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  // Each stream is read by its dictionary's /Length: a deflated body may itself end in "\r", which
  // a pattern up to "endstream" would cut off (one sheet in a few failed to inflate that way).
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (m.index as number) + m[0].length;
    let body: string;
    try {
      body = zlib.inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1');
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
