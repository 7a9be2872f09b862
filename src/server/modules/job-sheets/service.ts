/**
 * A request's job sheet (issue 35 item 3, first part: the PDF for those who may read the
 * request). Its reach is the request's: RequestService.details answers 404 out of scope. The
 * sheet adds what the details do not carry: the unit, the parts, the readings and the before
 * and after thumbnails (re-encoded as JPEG: pdfkit embeds JPEG and PNG only).
 */
import sharp from 'sharp';
import type { Db } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import type { Storage } from '#server/lib/storage.ts';
import type { RequestService } from '#server/modules/service-requests/service.ts';
import { jobSheet } from './render.ts';
import * as repo from './repository.ts';

/** Before and after photos on the sheet, each. */
const PHOTOS_EACH = 4;

export interface JobSheetSettings {
  serviceName: string;
  supportPhone: string | null;
  timeZone: string;
}

export class JobSheetService {
  private readonly format: Intl.DateTimeFormat;

  constructor(
    private readonly db: Db,
    private readonly requests: RequestService,
    private readonly storage: Storage,
    private readonly settings: JobSheetSettings,
  ) {
    this.format = new Intl.DateTimeFormat('en-IN', {
      timeZone: settings.timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
  }

  async pdf(actor: Actor, id: string): Promise<{ ticketNumber: string; pdf: PDFKit.PDFDocument }> {
    const request = await this.requests.details(actor, id);
    const [unit, parts, readings, thumbs] = await Promise.all([
      request.unitId ? repo.unitOf(this.db, request.unitId) : Promise.resolve(undefined),
      repo.partsOf(this.db, id),
      repo.readingsOf(this.db, id),
      repo.beforeAfterOf(this.db, id, PHOTOS_EACH),
    ]);
    const photos: { kind: 'BEFORE' | 'AFTER'; jpeg: Buffer }[] = [];
    for (const t of thumbs) {
      const stored = await this.storage.get(t.thumb_key);
      // A photo whose file is gone is left off the sheet, not a failed sheet.
      if (!stored) continue;
      photos.push({ kind: t.kind === 'BEFORE' ? 'BEFORE' : 'AFTER', jpeg: await sharp(stored.data).jpeg().toBuffer() });
    }
    const pdf = jobSheet({
      serviceName: this.settings.serviceName,
      supportPhone: this.settings.supportPhone,
      request,
      unit: unit ?? null,
      parts,
      readings,
      photos,
      when: (d) => this.format.format(new Date(d)).replace(/\b(am|pm)\b/i, (m) => m.toLowerCase()),
    });
    return { ticketNumber: request.ticketNumber, pdf };
  }
}
