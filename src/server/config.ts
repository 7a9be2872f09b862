/** Environment, read and validated once (docs/product-rules.md R-35). */
import path from 'node:path';
import { z } from 'zod';
import { PROOF_MODES } from '#shared/domain/messages.ts';
import { isValidGstin } from '#shared/domain/stock.ts';

const flag = (def: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => {
      if (v === undefined || v === '') return def;
      return !['off', 'false', '0', 'no'].includes(v.trim().toLowerCase());
    });

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    /** `npm run serve` and the image set production: active demo accounts then earn a warning at every start. */
    NODE_ENV: z.string().default('development'),
    /** The demo data on an empty database; off, the demo accounts are deactivated at start (ADR 015). */
    DEMO: flag(true),
    ADMIN_EMAIL: z.string().optional(),
    ADMIN_PASSWORD: z.string().optional(),
    SERVICE_NAME: z.string().default('AquaDesk Service'),
    /** The support number printed on the QR stickers and shown on a unit's public page (issue 36). */
    SUPPORT_PHONE: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    /**
     * What a completed job needs as proof (issue 35 item 1, ADR 047): `optional` (the default: the
     * spec's client, which sends none, works unchanged), `signature` (the customer's signature),
     * `otp` (the one-time code sent to the customer's phone) or `either`. Required and missing, the
     * technician's stop answers 400 saying what is needed.
     */
    PROOF_OF_COMPLETION: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z
        .enum(PROOF_MODES, { error: 'PROOF_OF_COMPLETION must be optional, signature, otp or either' })
        .default('optional'),
    ),
    /**
     * The business's GSTIN (issue 37, ADR 049): its first two digits are the state a purchase's
     * supplier is compared with (another state: IGST; the same or unknown: CGST + SGST).
     */
    BUSINESS_GSTIN: z
      .string()
      .optional()
      .transform((v) => v?.trim().toUpperCase() || undefined)
      .refine(
        (v) => v === undefined || isValidGstin(v),
        'BUSINESS_GSTIN must be a GSTIN: 15 characters with a valid check character',
      ),
    /** The business's GST state code when no BUSINESS_GSTIN is set (29 for Karnataka); unset: intra-state. */
    GST_STATE_CODE: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || /^\d{2}$/.test(v), 'GST_STATE_CODE must be 2 digits, such as 29'),
    /** A unit's public page (ADR 043): reads, and request attempts (accepted or not), per client address an hour. */
    PUBLIC_READS_PER_IP_HOUR: z.coerce.number().int().min(1).default(60),
    PUBLIC_ATTEMPTS_PER_IP_HOUR: z.coerce.number().int().min(1).default(10),
    ALLOW_REGISTRATION: flag(false),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /** Signing secret for access tokens and photo URLs; generated and kept under DATA_DIR when unset. */
    JWT_SECRET: z.string().min(32).optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(900).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /**
     * How long the refresh secret just rotated out may be presented again and still get its
     * successor (RFC 9700 grace; parallel refreshes after expiry). 0 turns it off; at most 30 (ADR 005).
     */
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(30).default(30),
    /**
     * How long this process may use an actor (user, role, session) it read, if no change
     * notification reaches it first; 0 reads the database on every call (ADR 021).
     */
    AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Bearer token for GET /metrics; unset, /metrics answers 404. */
    METRICS_TOKEN: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    /** On SIGTERM/SIGINT: how long requests in flight may take before the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** Serve the built web app from dist/web (on unless API-only). */
    SERVE_WEB: flag(true),
    /** Login attempts per client IP per minute, and failed attempts per account per 15 min. */
    LOGIN_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
    LOGIN_FAILS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
    /** Pictures decoded at once (each on one thread), pictures waiting (then 503), uploads per user a minute (then 429). */
    IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
    UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /**
     * The refresh cookie's `Secure` flag. Unset (or `auto`): set when the request came over HTTPS
     * (see isHttps in security/transport.ts); `on`/`off` force it either way.
     */
    COOKIE_SECURE: z
      .string()
      .optional()
      .transform((v): boolean | undefined => {
        const t = v?.trim().toLowerCase();
        if (t === undefined || t === '' || t === 'auto') return undefined;
        return !['off', 'false', '0', 'no'].includes(t);
      }),
    /**
     * The address people open, e.g. `http://aquadesk.lan:3000` or `https://service.example.com`
     * (optional). Printed and QR-coded at start; `https://` also means every request is treated
     * as HTTPS (HSTS, upgrade-insecure-requests, Secure cookie): a TLS proxy is in front.
     */
    PUBLIC_URL: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(
        z
          .url({ protocol: /^https?$/, message: 'PUBLIC_URL must be an http:// or https:// address' })
          .transform((v) => v.replace(/\/+$/, ''))
          .optional(),
      ),
    /**
     * Names people may open AquaDesk at besides PUBLIC_URL's, loopback names, IP addresses and this
     * machine's name (lib/host-guard.ts: any other `Host` gets 421, against DNS rebinding):
     * comma-separated, `*.example.com` for the names under it, `*` for any name (no check). A scheme
     * or port written with a name is dropped: names are checked, not ports.
     */
    ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) =>
            s
              .trim()
              .toLowerCase()
              .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
              .replace(/\/.*$/, '')
              .replace(/^([^:]*):\d*$/, '$1')
              .replace(/\.$/, ''),
          )
          .filter(Boolean),
      )
      .refine(
        (names) => names.every((n) => n === '*' || /^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(n)),
        'ALLOWED_HOSTS must be host names separated by commas (e.g. aquadesk.lan,*.example.com); IP addresses need no entry',
      ),
    /**
     * Which peers may set X-Forwarded-For (the client address used by rate limits and the audit
     * trail): proxy-addr names (loopback, linklocal, uniquelocal) and addresses/CIDRs, comma-separated;
     * a hop count; or true/false. Default: a proxy on the same machine only.
     */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((v): boolean | number | string[] => {
        const t = v.trim().toLowerCase();
        if (t === 'true') return true;
        if (t === 'false' || t === '') return false;
        if (/^\d+$/.test(t)) return Number(t);
        return t
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      }),
    /** Where photo bytes live: files under DATA_DIR/media, or the database (several processes, no shared disk). */
    STORAGE_DRIVER: z.enum(['fs', 'postgres']).default('fs'),
    /** Preventive maintenance (issue 21, ADR 023/024): the daily run's time (HH:MM) in TZ. */
    MAINTENANCE_RUN_AT: z
      .string()
      .default('06:00')
      .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v.trim()), 'MAINTENANCE_RUN_AT must be HH:MM (24 h)')
      .transform((v) => v.trim()),
    /** The time zone of the daily run and of "today" for due dates. */
    TZ: z
      .string()
      .default('Asia/Kolkata')
      .transform((v) => v.trim() || 'Asia/Kolkata')
      .refine((v) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: v });
          return true;
        } catch {
          return false;
        }
      }, 'TZ must be an IANA time zone such as Asia/Kolkata'),
    /** A unit with anything due within this many days gets its job raised. */
    MAINTENANCE_LEAD_DAYS: z.coerce.number().int().min(0).max(60).default(7),
    /** on: the raised jobs start APPROVED instead of PENDING_APPROVAL. */
    MAINTENANCE_AUTO_APPROVE: flag(false),
    /**
     * The most jobs one run raises for one customer (issue 31 item 5, ADR 023): the customer's
     * other due units are held back and the admins told.
     */
    MAINTENANCE_MAX_JOBS_PER_CUSTOMER: z.coerce
      .number()
      .int()
      .min(1, 'MAINTENANCE_MAX_JOBS_PER_CUSTOMER must be 1 to 100000')
      .max(100_000, 'MAINTENANCE_MAX_JOBS_PER_CUSTOMER must be 1 to 100000')
      .default(50),
    /** off: no daily run in this process (the on-demand run still works). */
    MAINTENANCE_SCHEDULER: flag(true),
    /**
     * The daily backup's time (HH:MM in TZ, issue 32, ADR 033), or `off`: no daily backup in this
     * process (`npm run backup` and the System page's "Back up now" still work). With
     * MAINTENANCE_SCHEDULER off the process runs no daily job, this one included.
     */
    BACKUP_AT: z
      .string()
      .default('02:00')
      .transform((v) => v.trim().toLowerCase() || '02:00')
      .refine((v) => v === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'BACKUP_AT must be HH:MM (24 h), or off')
      .transform((v): string | null => (v === 'off' ? null : v)),
    /** Where backups go: one directory per backup (aquadesk-YYYYMMDD-HHMMSS). Default: DATA_DIR/backups. */
    BACKUP_DIR: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    /** How many backups BACKUP_DIR keeps: after each backup into it, the oldest beyond this are deleted. */
    BACKUP_KEEP: z.coerce
      .number({ message: 'BACKUP_KEEP must be a whole number from 1 to 1000' })
      .int('BACKUP_KEEP must be a whole number from 1 to 1000')
      .min(1, 'BACKUP_KEEP must be a whole number from 1 to 1000')
      .max(1000, 'BACKUP_KEEP must be a whole number from 1 to 1000')
      .default(14),
    /**
     * Customer messages (issue 35, ADR 046): how they leave. `log` (default) marks each SENT with a
     * `log-…` id and sends nothing; `webhook` POSTs each to MESSAGE_WEBHOOK_URL, signed with
     * MESSAGE_WEBHOOK_SECRET; `whatsapp-cloud` uses the WhatsApp Business Cloud API (WHATSAPP_TOKEN,
     * WHATSAPP_PHONE_ID; WHATSAPP_API_URL for another Graph API version or a local fake).
     */
    MESSAGE_DRIVER: z
      .enum(['log', 'webhook', 'whatsapp-cloud'], { error: 'MESSAGE_DRIVER must be log, webhook or whatsapp-cloud' })
      .default('log'),
    MESSAGE_WEBHOOK_URL: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(
        z
          .url({ protocol: /^https?$/, message: 'MESSAGE_WEBHOOK_URL must be an http:// or https:// address' })
          .optional(),
      ),
    /** Signs what the webhook sends and checks the delivery-status webhook (at least 16 characters). */
    MESSAGE_WEBHOOK_SECRET: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(z.string().min(16, 'MESSAGE_WEBHOOK_SECRET must be at least 16 characters').optional()),
    WHATSAPP_TOKEN: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    WHATSAPP_PHONE_ID: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    WHATSAPP_API_URL: z.string().trim().default('https://graph.facebook.com/v21.0'),
    /** How long a gateway may take to answer one message. */
    MESSAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** On the embedded database, how often the deliverer looks for due messages (PostgreSQL: every minute by pg-boss, and at once after each event). */
    MESSAGE_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    /**
     * No customer message between these hours in TZ (a one-time code goes at once): `HH-HH`, whole
     * hours, default 21-08 (21:00 to 08:00); `off` for none (a test server, a business open late).
     */
    MESSAGE_QUIET_HOURS: z
      .string()
      .default('21-08')
      .transform((v) => v.trim().toLowerCase())
      .refine(
        (v) => v === 'off' || /^([01]?\d|2[0-3])-([01]?\d|2[0-3])$/.test(v),
        'MESSAGE_QUIET_HOURS must be HH-HH (whole hours, such as 21-08), or off',
      )
      .transform((v): { from: number; to: number } | null => {
        if (v === 'off') return null;
        const [from, to] = v.split('-').map(Number);
        return from === to ? null : { from: from as number, to: to as number };
      }),
    /** The gateways' delivery reports and replies (POST /api/public/messages/webhook), per address a minute. */
    MESSAGE_WEBHOOK_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  })
  .superRefine((v, ctx) => {
    if (v.BUSINESS_GSTIN && v.GST_STATE_CODE && v.BUSINESS_GSTIN.slice(0, 2) !== v.GST_STATE_CODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['GST_STATE_CODE'],
        message: `GST_STATE_CODE (${v.GST_STATE_CODE}) is not BUSINESS_GSTIN's state (${v.BUSINESS_GSTIN.slice(0, 2)})`,
      });
    }
    if (v.MESSAGE_DRIVER === 'webhook' && (!v.MESSAGE_WEBHOOK_URL || !v.MESSAGE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MESSAGE_WEBHOOK_URL'],
        message: 'MESSAGE_DRIVER=webhook needs MESSAGE_WEBHOOK_URL and MESSAGE_WEBHOOK_SECRET',
      });
    }
    if (v.MESSAGE_DRIVER === 'whatsapp-cloud' && (!v.WHATSAPP_TOKEN || !v.WHATSAPP_PHONE_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_TOKEN'],
        message: 'MESSAGE_DRIVER=whatsapp-cloud needs WHATSAPP_TOKEN and WHATSAPP_PHONE_ID',
      });
    }
  });

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  /** BACKUP_DIR resolved, or DATA_DIR/backups. */
  backupDir: string;
};

/** The business's GST state code (issue 37): BUSINESS_GSTIN's first two digits, else GST_STATE_CODE, else null. */
export function businessGstState(config: Pick<Config, 'BUSINESS_GSTIN' | 'GST_STATE_CODE'>): string | null {
  return config.BUSINESS_GSTIN?.slice(0, 2) ?? config.GST_STATE_CODE ?? null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const backupDir = path.resolve(parsed.data.BACKUP_DIR ?? path.join(dataDir, 'backups'));
  return { ...parsed.data, dataDir, backupDir };
}
