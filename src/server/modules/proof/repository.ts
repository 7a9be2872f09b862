/**
 * Proof of completion's rows (issue 35 item 1, ADR 047): the live one-time code of a request
 * (completion_otps, hashed), the proof a completion recorded (completion_proofs), the customer's
 * phone the code goes to, and when the oldest code of the last hour went out (customer_messages,
 * for a 429's Retry-After): SQL only.
 */
import { and, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { completionOtps, completionProofs, customerMessages } from '#server/db/schema/messages.ts';
import { OTP, type ProofKind } from '#shared/domain/messages.ts';

export async function customerPhone(db: Tx, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ phone: customers.primaryPhone })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.phone;
}

/** A new code for the request, replacing any other (its tries back to 0). */
export async function saveOtp(
  db: Tx,
  row: { requestId: string; codeHash: string; phone: string; expiresAt: Date; sentById: string; at: Date },
): Promise<void> {
  const { at, ...code } = row;
  await db
    .insert(completionOtps)
    .values({ ...code, tries: 0, createdAt: at })
    .onConflictDoUpdate({
      target: completionOtps.requestId,
      set: {
        codeHash: row.codeHash,
        phone: row.phone,
        expiresAt: row.expiresAt,
        sentById: row.sentById,
        tries: 0,
        createdAt: at,
      },
    });
}

export type OtpRow = typeof completionOtps.$inferSelect;

export async function findOtp(db: Tx, requestId: string): Promise<OtpRow | undefined> {
  const [row] = await db.select().from(completionOtps).where(eq(completionOtps.requestId, requestId)).limit(1);
  return row;
}

/**
 * Spends one try of this code, in its own statement: at most OTP.maxTries checks a code, however
 * many arrive at once. The tries spent now, or undefined when none was left (or the code changed).
 */
export async function spendTry(db: Tx, requestId: string, codeHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(completionOtps)
    .set({ tries: sql`${completionOtps.tries} + 1` })
    .where(
      and(
        eq(completionOtps.requestId, requestId),
        eq(completionOtps.codeHash, codeHash),
        lt(completionOtps.tries, OTP.maxTries),
      ),
    )
    .returning({ tries: completionOtps.tries });
  return row?.tries;
}

/** The code used up by a completion (gone with it; back if the completion rolls back). */
export async function takeOtp(db: Tx, requestId: string, codeHash: string): Promise<OtpRow | undefined> {
  const [row] = await db
    .delete(completionOtps)
    .where(and(eq(completionOtps.requestId, requestId), eq(completionOtps.codeHash, codeHash)))
    .returning();
  return row;
}

/** The completion's proof: one per request (a later one replaces it). */
export async function saveProof(
  db: Tx,
  row: {
    requestId: string;
    kind: ProofKind;
    signedBy: string | null;
    signatureKey: string | null;
    phone: string | null;
    technicianId: string;
    confirmedAt: Date;
  },
): Promise<void> {
  const { requestId: _, ...rest } = row;
  await db.insert(completionProofs).values(row).onConflictDoUpdate({ target: completionProofs.requestId, set: rest });
}

/** When the oldest completion code sent for the request after `since` went out (null: none). */
export async function oldestOtpSendSince(db: Tx, requestId: string, since: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(customerMessages.createdAt) })
    .from(customerMessages)
    .where(
      and(
        eq(customerMessages.requestId, requestId),
        eq(customerMessages.template, 'completionOtp'),
        gt(customerMessages.createdAt, since),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}
