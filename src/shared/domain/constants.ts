/** Business constants of spec section 9. */
export const DRAWER_WIDTH = 260;
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TOAST_MS = 6000;
export const REDIRECT_AFTER_SAVE_MS = 2000;
export const UNREAD_POLL_MS = 30000;
export const PHONE_LENGTH = 10;
export const TASK_DESCRIPTION_CUT = 100;
export const GEO_TIMEOUT_MS = 10000;
export const MIN_PASSWORD = 6;
export const MIN_NAME = 2;
export const MIN_DESCRIPTION = 10;
export const MAX_NOTIFICATION_MESSAGE = 1000;
/** Header that carries the total of a paged list. */
export const TOTAL_HEADER = 'X-Total-Count';
/**
 * A list asked for without `page` and `pageSize` answers everything the caller may see; the lists
 * that can be huge (requests, customers, task history, notifications, audit) stop at the first
 * UNPAGED_CAP rows in the list's order (newest first; customers by name) and then say so in
 * CAPPED_HEADER (its value: the cap). ADR 017.
 */
export const UNPAGED_CAP = 1000;
export const CAPPED_HEADER = 'X-Result-Capped';
/** Browser storage keys (spec section 3). */
export const STORAGE_KEYS = { user: 'user', token: 'accessToken', userId: 'userId' } as const;
