/** Helpers of the proof-of-completion tests (issue 35 item 1, ADR 047). */
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { customerMessages } from '#server/db/schema/messages.ts';
import type { TestContext } from '#tests/harness/app.ts';

/** A signature as a phone's canvas gives it: a transparent PNG with a dark stroke. */
export async function signaturePng(width = 320, height = 120, stroke = true): Promise<Buffer> {
  const line = stroke
    ? `<path d="M10 ${height - 30} C ${width / 3} 10, ${width / 2} ${height}, ${width - 20} 20" stroke="#1a237e" stroke-width="4" fill="none"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${line}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const dataUrl = (png: Buffer, type = 'image/png') => `data:${type};base64,${png.toString('base64')}`;

/** The files stored for a request (signatures and photos) under DATA_DIR/media. */
export function storedFiles(ctx: TestContext, requestId: string): string[] {
  const dir = path.join(ctx.dataDir, 'media', 'requests', requestId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** The code the outbox was asked to send for the request (the newest). */
export async function sentCode(ctx: TestContext, requestId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ params: customerMessages.params })
    .from(customerMessages)
    .where(and(eq(customerMessages.requestId, requestId), eq(customerMessages.template, 'completionOtp')))
    .orderBy(desc(customerMessages.createdAt))
    .limit(1);
  const code = row?.params.code;
  if (!code) throw new Error(`no code was sent for ${requestId}`);
  return code;
}

/** Another six digits than `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
