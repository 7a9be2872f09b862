/**
 * Proof of completion (issue 35 item 1, ADR 047): the customer's signature (a PNG drawn on the
 * phone, with the signer's name) or a one-time code sent to the customer's primary phone and read
 * out to the technician. Both travel in the stop body (a visit part, registered in `visit.ts`), so
 * a completion queued offline carries its proof; `PROOF_OF_COMPLETION` says whether one is needed.
 */
import { z } from 'zod';
import { MAX_SIGNATURE_BYTES, OTP, PROOF_KINDS } from '#shared/domain/messages.ts';

export const SIGNATURE_MESSAGE = 'The signature must be a PNG image of at most 200 kB';
export const SIGNED_BY_MESSAGE = 'Enter the name of the person who signed (2 to 80 characters)';
export const OTP_MESSAGE = `The code has ${OTP.digits} digits`;

/** A PNG data URL: base64 of at most MAX_SIGNATURE_BYTES (4 characters for every 3 bytes). */
const signature = z
  .string({ error: SIGNATURE_MESSAGE })
  .max(22 + Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4, SIGNATURE_MESSAGE)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, SIGNATURE_MESSAGE);

/** The proof's part of the technician's stop body. */
export const proofVisitPart = z.object({
  signature: signature.optional(),
  signedBy: z
    .string({ error: SIGNED_BY_MESSAGE })
    .trim()
    .min(2, SIGNED_BY_MESSAGE)
    .max(80, SIGNED_BY_MESSAGE)
    .optional(),
  otp: z
    .string({ error: OTP_MESSAGE })
    .regex(new RegExp(`^\\d{${OTP.digits}}$`), OTP_MESSAGE)
    .optional(),
});
export type ProofVisitPart = z.infer<typeof proofVisitPart>;

/** What proved a completion, on the request's details (null: none was recorded). */
export const completionProof = z.object({
  kind: z.enum(PROOF_KINDS),
  /** SIGNATURE: who signed, and the image (a signed, expiring URL under /api/media). */
  signedBy: z.string().nullable(),
  signatureUrl: z.string().nullable(),
  /** OTP: the phone the code went to, masked (98xxxxxx21). */
  phone: z.string().nullable(),
  confirmedAt: z.string(),
  technician: z.object({ id: z.string(), name: z.string() }),
});
export type CompletionProof = z.output<typeof completionProof>;

/** POST /service-requests/{id}/completion-otp: where the code went and until when it is good. */
export const completionOtpSent = z.object({
  phone: z.string(),
  expiresAt: z.string(),
  /** Sends left this hour. */
  sendsLeft: z.number(),
});
export type CompletionOtpSent = z.output<typeof completionOtpSent>;
