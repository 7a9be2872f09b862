/**
 * Proof of completion (issue 35 item 1, ADR 047): the customer's signature or a one-time code sent
 * to their primary phone, carried by the technician's stop body (a visit part, visit.ts).
 *
 * - `sendOtp` (POST /service-requests/:id/completion-otp): the assigned technician of an
 *   IN_PROGRESS job (the workflow table's `complete`, through JobWrites: 404 out of scope, 403 not
 *   theirs, 409 not in progress) has a 6-digit code sent; only its HMAC is stored, with its expiry
 *   (OTP.validMinutes) and its tries back to 0, and the outbox's message is written in the same
 *   transaction; at most OTP.maxSendsPerHour sends an hour per request (429 with Retry-After).
 * - `check`, before the completion's transaction: both proofs at once, a name without a signature
 *   or a signature without a name are 400; so is no proof when PROOF_OF_COMPLETION requires one;
 *   a code spends one of its OTP.maxTries tries in its own statement (so a wrong code counts even
 *   though its completion rolls back), then is compared in constant time.
 * - `record`, inside it: a signature is re-encoded (signature.ts), stored in the photo storage
 *   after it passed, and deleted again should the completion roll back; a code is used up; the
 *   proof (completion_proofs, one per request) and the request's `proof` column are written.
 */
import crypto from 'node:crypto';
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { AppError, type ErrorText, invalid } from '#server/lib/errors.ts';
import type { Storage } from '#server/lib/storage.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import type { VisitCompleted, VisitStarting } from '#server/lib/visit-events.ts';
import type { Outbox } from '#server/modules/messages/outbox.service.ts';
import type { JobWrites } from '#server/modules/service-requests/on-job.service.ts';
import type { CompletionOtpSent, ProofVisitPart } from '#shared/contracts/proof.ts';
import { OTP, type ProofKind, type ProofMode } from '#shared/domain/messages.ts';
import { maskPhone } from '#shared/domain/phone.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { codeHash, newCode, sameHash } from './otp.ts';
import * as repo from './repository.ts';
import { cleanSignature } from './signature.ts';

/** What proof needs of the outbox (messages/outbox.service.ts). */
export type OtpOutbox = Pick<Outbox, 'enqueueOtp' | 'otpSendsInLastHour'>;

const HOUR_MS = 3600_000;
const OTP_FORMAT = new RegExp(`^\\d{${OTP.digits}}$`);

/** What PROOF_OF_COMPLETION asks for that the stop body lacks, or null. */
function missingProof(mode: ProofMode, signed: boolean, coded: boolean): { path: string; text: ErrorText } | null {
  if (mode === 'signature' && !signed) return { path: 'signature', text: ERR.proofSignatureRequired };
  if (mode === 'otp' && !coded) return { path: 'otp', text: ERR.proofOtpRequired };
  if (mode === 'either' && !signed && !coded) return { path: 'signature', text: ERR.proofRequired };
  return null;
}

export class ProofService {
  constructor(
    private readonly db: Db,
    /** The app's signing key: a code is stored as its HMAC (otp.ts). */
    private readonly tokens: TokenService,
    /** The photo storage: the signatures' PNGs. */
    private readonly storage: Storage,
    private readonly jobs: JobWrites,
    private readonly outbox: OtpOutbox,
    /** PROOF_OF_COMPLETION. */
    readonly mode: ProofMode,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** POST /service-requests/:id/completion-otp (see the header). */
  sendOtp(actor: Actor, requestId: string, ip: string): Promise<CompletionOtpSent> {
    return this.jobs.write(actor, requestId, 'complete', undefined, ip, async (tx, job) => {
      const now = this.now();
      const phone = (await repo.customerPhone(tx, job.customerId)) ?? '';
      const code = newCode();
      const expiresAt = new Date(now.getTime() + OTP.validMinutes * 60_000);
      // Written first: the row's lock makes a second send of the same request wait for this one,
      // and then count it.
      await repo.saveOtp(tx, {
        requestId,
        codeHash: codeHash(this.tokens, requestId, code),
        phone,
        expiresAt,
        sentById: actor.id,
        at: now,
      });
      const sent = await this.outbox.otpSendsInLastHour(tx, requestId, now);
      if (sent >= OTP.maxSendsPerHour) throw await this.tooManySends(tx, requestId, now);
      await this.outbox.enqueueOtp(tx, { customerId: job.customerId, requestId, ticketNo: job.ticketNo, code }, now);
      const masked = maskPhone(phone);
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'request.completion_otp_sent',
        entityType: 'service_request',
        entityId: requestId,
        ip,
        // Never the code.
        details: { phone: masked, expiresAt: expiresAt.toISOString(), sendsThisHour: sent + 1 },
      });
      return { phone: masked, expiresAt: expiresAt.toISOString(), sendsLeft: OTP.maxSendsPerHour - sent - 1 };
    });
  }

  /** 429: the hour's sends are spent; Retry-After is when the oldest of them leaves the hour. */
  private async tooManySends(tx: Tx, requestId: string, now: Date): Promise<AppError> {
    const oldest = await repo.oldestOtpSendSince(tx, requestId, new Date(now.getTime() - HOUR_MS));
    const waitMs = oldest ? oldest.getTime() + HOUR_MS - now.getTime() : HOUR_MS;
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    const text = ERR.otpTooManySends({ max: OTP.maxSendsPerHour, minutes: Math.ceil(retryAfterSeconds / 60) });
    return Object.assign(new AppError('RATE_LIMITED', text), { retryAfterSeconds });
  }

  /** Before the completion's transaction (see the header). */
  async check(visit: VisitStarting, part: ProofVisitPart): Promise<void> {
    const { signature, signedBy, otp } = part;
    // The contract's own checks, again for a caller that did not go through it.
    if (otp !== undefined && !OTP_FORMAT.test(otp)) throw invalid('otp', ERR.otpFormat);
    if (signature && otp) throw invalid('otp', ERR.proofBoth);
    if (signature && !signedBy) throw invalid('signedBy', ERR.signedByRequired);
    if (signedBy && !signature) throw invalid('signature', ERR.signatureMissing);
    const missing = missingProof(this.mode, !!signature, !!otp);
    if (missing) throw invalid(missing.path, missing.text);
    if (otp) await this.tryCode(visit, otp);
  }

  /** Spends a try of the request's code and compares: 400 with what went wrong and the tries left. */
  private async tryCode(visit: VisitStarting, code: string): Promise<void> {
    const id = visit.request.id;
    const row = await repo.findOtp(this.db, id);
    if (!row) throw invalid('otp', ERR.otpMissing);
    if (row.tries >= OTP.maxTries) throw invalid('otp', ERR.otpBurnt);
    if (row.expiresAt.getTime() <= this.now().getTime()) {
      throw invalid('otp', ERR.otpExpired({ minutes: OTP.validMinutes }));
    }
    // Undefined: the last try went to a check running at the same time (or a new code replaced it).
    const tries = await repo.spendTry(this.db, id, row.codeHash);
    if (tries === undefined) throw invalid('otp', ERR.otpBurnt);
    if (sameHash(codeHash(this.tokens, id, code), row.codeHash)) return;
    const left = OTP.maxTries - tries;
    await audit(this.db, {
      actorId: visit.technician.id,
      actorEmail: visit.technician.email,
      action: 'request.completion_otp_wrong',
      entityType: 'service_request',
      entityId: id,
      ip: visit.ip,
      outcome: 'denied',
      details: { triesLeft: left },
    });
    throw invalid('otp', left > 0 ? ERR.otpWrong({ left }) : ERR.otpBurnt);
  }

  /** Inside the completion's transaction (see the header). */
  async record(tx: Tx, visit: VisitCompleted, part: ProofVisitPart): Promise<void> {
    const id = visit.request.id;
    if (part.signature && part.signedBy) {
      // Checked and re-encoded first: only a signature that passed is stored.
      const png = await cleanSignature(part.signature);
      const key = `requests/${id}/signature-${crypto.randomUUID()}.png`;
      await this.storage.put(key, png, 'image/png');
      visit.onRollback?.(() => this.storage.delete(key));
      await this.save(tx, visit, 'SIGNATURE', { signedBy: part.signedBy, signatureKey: key, phone: null });
    } else if (part.otp) {
      // Used up with the completion (and back should it roll back); gone: a new code replaced it.
      const used = await repo.takeOtp(tx, id, codeHash(this.tokens, id, part.otp));
      if (!used) throw invalid('otp', ERR.otpMissing);
      await this.save(tx, visit, 'OTP', { signedBy: null, signatureKey: null, phone: used.phone });
    }
  }

  private async save(
    tx: Tx,
    visit: VisitCompleted,
    kind: ProofKind,
    p: { signedBy: string | null; signatureKey: string | null; phone: string | null },
  ): Promise<void> {
    const id = visit.request.id;
    await repo.saveProof(tx, {
      requestId: id,
      kind,
      ...p,
      technicianId: visit.technician.id,
      confirmedAt: visit.completedAt,
    });
    await this.jobs.markProof(tx, id, kind);
    await audit(tx, {
      actorId: visit.technician.id,
      actorEmail: visit.technician.email,
      action: 'request.completion_proof',
      entityType: 'service_request',
      entityId: id,
      ip: visit.ip,
      details: {
        kind,
        ...(p.signedBy ? { signedBy: p.signedBy } : {}),
        ...(p.phone ? { phone: maskPhone(p.phone) } : {}),
      },
    });
  }
}
