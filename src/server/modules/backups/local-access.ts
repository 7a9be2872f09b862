/**
 * How `npm run backup` finds and proves itself to the server that holds the embedded database
 * (ADR 033). At start a PGlite server writes DATA_DIR/local-admin.json, mode 0600 (only the
 * account that runs the server, or root, can read it): its pid, a loopback URL it answers on and
 * a random token made for this start. The CLI reads the file and calls POST
 * /api/system/backups/local on that URL with the token in a header. The route answers only a
 * caller on this machine that came straight in (no proxy header) AND sends that token; anyone
 * else gets 404 (not local) or 401 (wrong token). The file goes away when the server stops.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

export const LOCAL_ADMIN_FILE = 'local-admin.json';

export interface LocalAdmin {
  pid: number;
  /** Where the server answers on this machine, e.g. http://127.0.0.1:3000. */
  url: string;
  token: string;
}

/** A fresh token for one start of the server. */
export function newLocalToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The address to reach a server listening on `host`:`port` from this machine. */
export function localUrlOf(host: string, port: number): string {
  const h = host.trim();
  if (h === '' || h === '0.0.0.0' || h === '::' || h === '[::]') return `http://127.0.0.1:${port}`;
  return net.isIPv6(h) ? `http://[${h}]:${port}` : `http://${h}:${port}`;
}

/**
 * Writes DATA_DIR/local-admin.json (0600, written aside and renamed into place, so a reader never
 * sees half of it); answers a function that removes it if it is still this process's.
 */
export function publishLocalAdmin(dataDir: string, admin: LocalAdmin): () => void {
  const file = path.join(dataDir, LOCAL_ADMIN_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(admin)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
  return () => {
    try {
      if (readLocalAdmin(dataDir)?.token === admin.token) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/**
 * The running server's entry, or null when there is none: no file, or one left by a process that
 * is gone (killed, its pid maybe reused): the entry counts only while its pid is alive and still
 * holds the data directory's lock (DATA_DIR/pglite.lock, db/client.ts).
 */
export function readLocalAdmin(dataDir: string): LocalAdmin | null {
  let parsed: Partial<LocalAdmin>;
  let holder: number;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dataDir, LOCAL_ADMIN_FILE), 'utf8')) as Partial<LocalAdmin>;
    holder = Number.parseInt(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim(), 10);
  } catch {
    return null;
  }
  if (typeof parsed.pid !== 'number' || typeof parsed.url !== 'string' || typeof parsed.token !== 'string') return null;
  return parsed.pid === holder && isAlive(parsed.pid) ? (parsed as LocalAdmin) : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const FORWARDING = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

const isLoopback = (a: string) => a === '::1' || /^(::ffff:)?127\./.test(a);

/**
 * Did this request come from this machine, straight to us? The socket's peer (not X-Forwarded-For,
 * whatever TRUST_PROXY says) is a loopback address or this very socket's own address (a server on
 * a LAN address called from the same machine), and it carries no proxy header: a proxy on this
 * machine (Caddy) connects from loopback too, but always adds X-Forwarded-For.
 */
export function isLocalCaller(req: FastifyRequest): boolean {
  const remote = req.socket.remoteAddress ?? '';
  const local = req.socket.localAddress ?? '';
  if (!remote || !(isLoopback(remote) || remote === local)) return false;
  return !FORWARDING.some((h) => req.headers[h] !== undefined);
}

/** Constant-time comparison of the token sent with the one this start made. */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}
