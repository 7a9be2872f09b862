/**
 * System accounts (ADR 023): users rows that record who did what when the system acts (the
 * maintenance run's "AquaDesk Scheduler"), never people. They live in a reserved e-mail domain
 * (`.system` is no delegated top-level domain, so no person has a mailbox there) that the API
 * refuses to people, and they are told apart by it: left out of every user list and picker,
 * answered 404 by User Management whatever their status, refused at sign-in, sent no messages.
 */
import { notLike } from 'drizzle-orm';
import { users } from '#server/db/schema/people.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

export const SYSTEM_EMAIL_DOMAIN = 'aquadesk.system';
export const SCHEDULER_EMAIL = `scheduler@${SYSTEM_EMAIL_DOMAIN}`;
/** Who raises the requests customers send from a unit's QR sticker (issue 36 item 4, ADR 043). */
export const QR_EMAIL = `qr@${SYSTEM_EMAIL_DOMAIN}`;
export const QR_ACCOUNT_NAME = 'Customer (QR sticker)';
/** SQL LIKE pattern of every address in the reserved domain. */
export const SYSTEM_EMAIL_PATTERN = `%@${SYSTEM_EMAIL_DOMAIN}`;
/** The password hash of a system account: no argon2 hash, so nothing ever verifies against it. */
export const SYSTEM_PASSWORD_HASH = '!system-account-no-password';
/** The 400 a person gets for an address in the reserved domain. */
export const RESERVED_EMAIL = ERR.reservedEmail.text;

/** Is this address a system account's (case as stored: the API lowercases e-mails)? */
export function isSystemEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${SYSTEM_EMAIL_DOMAIN}`);
}

/** SQL: the users row is a person's, not a system account's. */
export function isPerson() {
  return notLike(users.email, SYSTEM_EMAIL_PATTERN);
}
