/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built web app
 * (dist/web), once at build time. The server sends them to browsers that accept them
 * (@fastify/static preCompressed), so the first visit downloads about a third of the bytes and no
 * request pays for compression. Measured by `npm run bench:web` (docs/performance.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Smaller files gain nothing worth a second file. */
const MIN_BYTES = 1024;

export function compressDir(dir: string): { files: number; before: number; brotli: number } {
  let files = 0;
  let before = 0;
  let brotli = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = compressDir(full);
      files += sub.files;
      before += sub.before;
      brotli += sub.brotli;
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const buf = fs.readFileSync(full);
    if (buf.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(buf, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    });
    fs.writeFileSync(`${full}.br`, br);
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(buf, { level: 9 }));
    files++;
    before += buf.length;
    brotli += br.length;
  }
  return { files, before, brotli };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/web'));
  const r = compressDir(dir);
  console.log(
    `Compressed ${r.files} files of ${path.relative(process.cwd(), dir) || dir}: ${(r.before / 1024).toFixed(0)} KiB -> ${(r.brotli / 1024).toFixed(0)} KiB brotli`,
  );
}
