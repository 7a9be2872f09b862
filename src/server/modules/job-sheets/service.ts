/**
 * A request's job sheet (issue 35 item 3): the PDF for those who may read the request (ADR 045),
 * and the same sheet behind its signed, expiring public link for the customer (ADR 048).
 *
 * The office's sheet reaches what the reader reaches: RequestService.details answers 404 out of
 * scope. The public one is authorised by its token alone (lib/job-sheet-links.ts) and shows only
 * what the customer may keep: their name (not their phone or address), the technicians' first
 * names, the proof's kind and time (not the signature's image or the phone). Every refusal of the
 * public link (a malformed, tampered or expired token, a request whose work is not done) is the
 * same 404 after the same one statement.
 */
import sharp from 'sharp';
import type { Db } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { notFound } from '#server/lib/errors.ts';
import { checkJobSheetToken } from '#server/lib/job-sheet-links.ts';
import { signedMediaUrl } from '#server/lib/media-links.ts';
import type { Storage } from '#server/lib/storage.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import type { RequestQueries } from '#server/modules/service-requests/queries.ts';
import type { RequestService } from '#server/modules/service-requests/service.ts';
import type { PublicJobSheet } from '#shared/contracts/job-sheets.ts';
import { readingFlags, rejectionPercent } from '#shared/contracts/readings.ts';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import { DEFAULT_LOCALE, isLocale } from '#shared/i18n/locales.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { type Audience, jobSheet } from './render.ts';
import * as repo from './repository.ts';

/** Before and after photos on the sheet, each. */
const PHOTOS_EACH = 4;
/** Looked up for a token that names no request, so that refusal costs the statement the others do. */
const NO_REQUEST = '00000000-0000-0000-0000-000000000000';

export interface JobSheetSettings {
  serviceName: string;
  supportPhone: string | null;
  timeZone: string;
}

/** A technician as the customer sees them: the first word of the name. */
export const firstName = (name: string | null | undefined): string => name?.trim().split(/\s+/)[0] ?? '';

const iso = (d: Date | string) => new Date(d).toISOString();

export class JobSheetService {
  private readonly format: Intl.DateTimeFormat;

  constructor(
    private readonly db: Db,
    private readonly requests: RequestService,
    /** The public link's read: a request's details whatever the reader (the token authorised it). */
    private readonly queries: RequestQueries,
    private readonly storage: Storage,
    /** Checks the public link's tokens and signs its photos' URLs. */
    private readonly tokens: TokenService,
    private readonly settings: JobSheetSettings,
    private readonly now: () => number = Date.now,
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

  /** GET /service-requests/:id/job-sheet.pdf: the office's sheet, for whoever reads the request. */
  async pdf(actor: Actor, id: string): Promise<{ ticketNumber: string; pdf: PDFKit.PDFDocument }> {
    return this.render(await this.requests.details(actor, id), 'office');
  }

  /** The request a public token opens, or the one 404 every refusal gives. */
  private requestIdOf(token: string): string {
    const link = checkJobSheetToken(this.tokens, token, this.now());
    return link.ok ? link.requestId : NO_REQUEST;
  }

  /** GET /public/job-sheets/:token: what the public page shows. */
  async publicView(token: string): Promise<PublicJobSheet> {
    const link = checkJobSheetToken(this.tokens, token, this.now());
    const row = await repo.publicSheet(this.db, link.ok ? link.requestId : NO_REQUEST, PHOTOS_EACH);
    if (!row || !link.ok) throw notFound(ERR.jobSheetNotFound);
    let seconds = 0;
    for (const v of row.visits) {
      if (v.endTime) seconds += Math.max(0, (Date.parse(v.endTime) - Date.parse(v.startTime)) / 1000);
    }
    return {
      serviceName: this.settings.serviceName,
      supportPhone: this.settings.supportPhone,
      language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
      ticketNumber: formatTicket(row.ticket_no),
      type: row.type,
      status: row.status,
      completedAt: row.completed_at ? iso(row.completed_at) : null,
      customer: { name: row.customer_name },
      unit:
        row.brand && row.product && row.serial ? { brand: row.brand, product: row.product, serial: row.serial } : null,
      visits: row.visits.map((v) => ({
        technician: firstName(v.technician),
        startTime: iso(v.startTime),
        endTime: v.endTime ? iso(v.endTime) : null,
        notes: v.notes,
      })),
      minutesOnSite: Math.round(seconds / 60),
      parts: row.parts.map((p) => ({ name: p.name, quantity: Number(p.quantity), replaced: p.replaced })),
      readings: row.readings.map((r) => {
        const tdsIn = Number(r.tdsIn);
        const tdsOut = Number(r.tdsOut);
        const ph = r.ph === null ? null : Number(r.ph);
        return {
          tdsIn,
          tdsOut,
          ph,
          hardness: r.hardness === null ? null : Number(r.hardness),
          rejection: rejectionPercent(tdsIn, tdsOut),
          flags: readingFlags({ tdsOut, ph }),
          takenAt: iso(r.takenAt),
        };
      }),
      proof: row.proof
        ? { kind: row.proof.kind, signedBy: row.proof.signedBy, confirmedAt: iso(row.proof.confirmedAt) }
        : null,
      photos: row.photos.map((p) => ({
        kind: p.kind === 'BEFORE' ? 'BEFORE' : 'AFTER',
        url: signedMediaUrl(this.tokens, p.thumbKey, this.now()),
      })),
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /** GET /public/job-sheets/:token/pdf: the sheet as the customer may keep it. */
  async publicPdf(token: string): Promise<{ ticketNumber: string; pdf: PDFKit.PDFDocument }> {
    const request = await this.queries.detailsById(this.requestIdOf(token));
    if (!request || (request.status !== 'WORK_COMPLETED' && request.status !== 'COMPLETED')) {
      throw notFound(ERR.jobSheetNotFound);
    }
    return this.render(request, 'customer');
  }

  private async render(request: RequestDetails, audience: Audience) {
    const id = request.id;
    const [unit, parts, readings, thumbs, signatureKey] = await Promise.all([
      request.unitId ? repo.unitOf(this.db, request.unitId) : Promise.resolve(undefined),
      repo.partsOf(this.db, id),
      repo.readingsOf(this.db, id),
      repo.beforeAfterOf(this.db, id, PHOTOS_EACH),
      audience === 'office' && request.proof?.kind === 'SIGNATURE' ? repo.signatureKeyOf(this.db, id) : undefined,
    ]);
    const photos: { kind: 'BEFORE' | 'AFTER'; jpeg: Buffer }[] = [];
    for (const t of thumbs) {
      const stored = await this.storage.get(t.thumb_key);
      // A photo whose file is gone is left off the sheet, not a failed sheet.
      if (!stored) continue;
      photos.push({ kind: t.kind === 'BEFORE' ? 'BEFORE' : 'AFTER', jpeg: await sharp(stored.data).jpeg().toBuffer() });
    }
    // The signature's image goes on the office's sheet only: the customer's (its public link)
    // names the signer and the time (ADR 048, section 5). A file that is gone leaves the name.
    const signature = signatureKey ? ((await this.storage.get(signatureKey))?.data ?? null) : null;
    const pdf = jobSheet({
      signature,
      audience,
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
