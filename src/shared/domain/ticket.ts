/**
 * Ticket numbers (ADR 020): every request has a sequential number (`service_requests.ticket_no`,
 * written by the database), shown and said as SR-000123.
 */

export const TICKET_PREFIX = 'SR-';
/** Digits shown at least: SR-000123; SR-1234567 once the business passes a million requests. */
export const TICKET_DIGITS = 6;
/** The largest number a search can name (15 digits: a safe JavaScript integer, well inside bigint). */
const MAX_TICKET_DIGITS = 15;

/** 123 → "SR-000123". */
export function formatTicket(ticketNo: number): string {
  return `${TICKET_PREFIX}${String(ticketNo).padStart(TICKET_DIGITS, '0')}`;
}

export interface TicketSearch {
  ticketNo: number;
  /**
   * True when the term named a ticket explicitly ("SR-000123", "sr-123", "SR123", "sr 123"): the
   * search finds that ticket only. A bare number ("123") finds that ticket AND any request whose
   * customer or description contains the digits.
   */
  prefixed: boolean;
}

const TICKET_TERM = new RegExp(`^(sr[-\\s]?)?(\\d{1,${MAX_TICKET_DIGITS}})$`, 'i');

/** A search term read as a ticket number, or null when it is not one. */
export function parseTicketSearch(term: string): TicketSearch | null {
  const m = TICKET_TERM.exec(term.trim());
  if (!m?.[2]) return null;
  const ticketNo = Number(m[2]);
  if (!Number.isSafeInteger(ticketNo) || ticketNo < 1) return null;
  return { ticketNo, prefixed: !!m[1] };
}
