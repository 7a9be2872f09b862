/**
 * A unit's public page (issue 36 items 4–5, ADR 043): what anyone holding the sticker's code may
 * read, and the one thing they may do, ask for service. The request is raised by the QR system
 * account (like the maintenance run's scheduler) through RequestService.raiseManyInTransaction,
 * injected by the composition root: a COMPLAINT for the unit, its customer and region, in
 * PENDING_APPROVAL, with the office told as for any new request.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { AppError, invalid, notFound } from '#server/lib/errors.ts';
import type { QrJobFacts } from '#shared/contracts/job.ts';
import type { PublicRequestCreated, PublicUnit } from '#shared/contracts/public-units.ts';
import {
  type PreferredTime,
  PUBLIC_CODE_RE,
  PUBLIC_REQUESTS_PER_UNIT_HOUR,
  QR_PROBLEM_ENGLISH,
  type QrProblem,
} from '#shared/domain/public-unit.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

const HOUR_MS = 3_600_000;

/** A request the system raises, as RequestService.raiseManyInTransaction takes it. */
interface RaisedRequest {
  type: 'COMPLAINT';
  description: string;
  job: QrJobFacts;
  customerId: string;
  customerName: string;
  regionId: string;
  unitId: string;
  audit: Record<string, unknown>;
}

export interface QrRaiser {
  raiseManyInTransaction(
    tx: Tx,
    by: { id: string; email: string; roleName: string },
    items: RaisedRequest[],
    approved: boolean,
  ): Promise<{ id: string; ticketNo: number; status: RequestStatus }[]>;
}

export interface PublicSettings {
  serviceName: string;
  supportPhone: string | null;
  timeZone: string;
}

export interface PublicRequest {
  problem: QrProblem;
  description: string;
  phone: string;
  preferredTime?: PreferredTime | undefined;
  /** Consent to WhatsApp asked for (taken only from the customer's primary phone). */
  whatsappUpdates?: boolean | undefined;
  website?: string | undefined;
}

/** The request's description in English (the spec's client and the search read it). */
export function qrDescription(problem: QrProblem, text: string): string {
  const said = text.trim();
  return `${QR_PROBLEM_ENGLISH[problem]} (reported by the customer from the unit's QR sticker)${said ? `: ${said}` : '.'}`;
}

export class PublicUnitService {
  constructor(
    private readonly db: Db,
    private readonly settings: PublicSettings,
    private readonly raiser: QrRaiser,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The page: 404 for a code of no ACTIVE unit (unknown, re-issued or removed), as for a malformed one. */
  async view(code: string): Promise<PublicUnit> {
    // A malformed code is looked up too (it matches nothing): every 404 costs the same statement.
    const v = await repo.publicView(this.db, PUBLIC_CODE_RE.test(code) ? code : '', this.settings.timeZone);
    if (!v) throw notFound(ERR.publicNotFound);
    return {
      serviceName: this.settings.serviceName,
      supportPhone: this.settings.supportPhone,
      product: { brand: v.brand, name: v.product },
      installedOn: v.installedOn,
      lastServiceOn: v.lastServiceOn,
      nextDueOn: v.nextDueOn,
      openTickets: v.open.map((o) => ({
        ticketNumber: formatTicket(o.ticketNo),
        status: o.status,
        raisedOn: o.raisedOn,
      })),
    };
  }

  /**
   * A customer's request from the sticker: refused (400) when the honeypot holds anything, 404
   * for no ACTIVE unit, 429 past PUBLIC_REQUESTS_PER_UNIT_HOUR accepted requests for the unit in
   * the last hour (Retry-After: when the oldest of them leaves the hour).
   *
   * "Send me updates on WhatsApp" ticked with the customer's primary phone sets their WhatsApp
   * consent (source QR) before the request is raised, so its "registered" message (written by the
   * outbox in raiseManyInTransaction) already goes by WhatsApp. Another of their numbers or a
   * stranger's changes nothing (messages go to the primary phone only), and the answer is the same
   * either way: the page is no oracle for a customer's number.
   */
  async raise(code: string, body: PublicRequest, ip: string): Promise<PublicRequestCreated> {
    if (body.website?.trim()) throw invalid('website', ERR.publicHoneypot);
    return this.db.transaction(async (tx) => {
      const unit = await repo.lockUnitByCode(tx, PUBLIC_CODE_RE.test(code) ? code : '');
      if (!unit) throw notFound(ERR.publicNotFound);
      const now = this.now();
      const recent = await repo.qrRequestTimesSince(tx, unit.id, new Date(now.getTime() - HOUR_MS));
      if (recent.length >= PUBLIC_REQUESTS_PER_UNIT_HOUR) {
        const oldest = recent[recent.length - PUBLIC_REQUESTS_PER_UNIT_HOUR] as Date;
        const retry = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
        throw Object.assign(new AppError('RATE_LIMITED', ERR.publicUnitLimit), { retryAfterSeconds: retry });
      }
      const by = await repo.qrAccount(tx);
      const phoneMatchesCustomer = unit.phones.includes(body.phone);
      const consented =
        body.whatsappUpdates === true && (await repo.consentToWhatsAppFromQr(tx, unit.customerId, body.phone));
      const job: QrJobFacts = {
        kind: 'qr',
        unitId: unit.id,
        brand: unit.brand,
        product: unit.product,
        serial: unit.serial,
        problem: body.problem,
        phone: body.phone,
        phoneMatchesCustomer,
        preferredTime: body.preferredTime ?? null,
      };
      const [row] = await this.raiser.raiseManyInTransaction(
        tx,
        by,
        [
          {
            type: 'COMPLAINT',
            description: qrDescription(body.problem, body.description),
            job,
            customerId: unit.customerId,
            customerName: unit.customerName,
            regionId: unit.regionId,
            unitId: unit.id,
            audit: {
              source: 'QR',
              ip,
              problem: body.problem,
              phoneMatchesCustomer,
              ...(consented ? { consent: 'QR', whatsapp: true } : {}),
            },
          },
        ],
        false,
      );
      if (!row) throw new Error('The request was not raised');
      return { ticketNumber: formatTicket(row.ticketNo), status: row.status };
    });
  }
}
