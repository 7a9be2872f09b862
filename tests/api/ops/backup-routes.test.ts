/**
 * Backups in the running server (issue 32 item 4, ADR 033), through the real app:
 * - the System page's GET and "Back up now" are the Super Admin's; a backup lands in BACKUP_DIR
 *   with its manifest and shows in the list; two at once: the second answers 409; a fourth press
 *   within 10 minutes answers 429;
 * - BACKUP_DIR keeps the newest BACKUP_KEEP backups and never touches what a backup did not make;
 * - the daily job: scheduled at BACKUP_AT in TZ (not when off), its handler records a daily backup;
 * - a failed backup answers 500 with its reason, is listed, and every Super Admin is notified;
 * - the local route `npm run backup` calls: this machine, straight in, with this start's token.
 * The roles of every route are also in the authorization matrix (tests/security/endpoints.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_JOB, scheduleDailyBackup } from '#server/modules/backups/schedule.ts';
import type { BackupItem, BackupOverview } from '#shared/contracts/backups.ts';
import { LOCAL_TOKEN_HEADER } from '#shared/contracts/backups.ts';
import { createTestApp, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp({ BACKUP_KEEP: '2' });
  admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
}, 60_000);
afterAll(() => ctx?.close());

const backUpNow = (s: Session) =>
  ctx.app.inject({ method: 'POST', url: '/api/system/backups', headers: s.headers, payload: {} });
const overview = async (s: Session) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/system/backups', headers: s.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BackupOverview;
};
const backupDirs = () =>
  fs
    .readdirSync(ctx.config.backupDir)
    .filter((n) => n.startsWith('aquadesk-') && fs.existsSync(path.join(ctx.config.backupDir, n, 'manifest.json')))
    .sort();

describe('the System page: backups', () => {
  it('is the Super Admin’s: others are refused, and signed-out callers too', async () => {
    const other = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/system/backups', headers: other.headers })).statusCode,
    ).toBe(403);
    expect((await backUpNow(other)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/system/backups' })).statusCode).toBe(401);
  });

  it('"Back up now" writes a backup into BACKUP_DIR and lists it; one at a time; BACKUP_KEEP rotates', async () => {
    // Not ours: a file, another folder, a backup-like folder without a manifest (a crash mid-way).
    fs.mkdirSync(path.join(ctx.config.backupDir, 'notes'), { recursive: true });
    fs.writeFileSync(path.join(ctx.config.backupDir, 'README.txt'), 'kept by the operator');
    fs.mkdirSync(path.join(ctx.config.backupDir, 'aquadesk-20200101-000000'));

    const [a, b] = await Promise.all([backUpNow(admin), backUpNow(admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const first = (a.statusCode === 201 ? a : b).json() as BackupItem;
    expect((a.statusCode === 409 ? a : b).json().message).toBe(
      'A backup is already running: wait for it to finish, then try again',
    );
    expect(first).toMatchObject({ trigger: 'manual', status: 'succeeded', error: null });
    expect(first.sizeBytes).toBeGreaterThan(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(first.path as string, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ app: 'aquadesk', database: ctx.database.kind, trigger: 'manual' });
    expect(manifest.counts.users).toBeGreaterThanOrEqual(1);

    const seen = await overview(admin);
    expect(seen.running).toBeNull();
    expect(seen.items[0]).toMatchObject({ id: first.id, status: 'succeeded', path: first.path });
    expect(seen.disk?.freeBytes).toBeGreaterThan(0);
    expect(seen.schedule).toMatchObject({ at: '02:00', timeZone: 'Asia/Kolkata', keep: 2, dir: ctx.config.backupDir });
    expect(new Date(seen.schedule.next as string).getTime()).toBeGreaterThan(Date.now());

    // Two more: the oldest of the three goes, nothing else in BACKUP_DIR does. A Super Admin
    // presses at most 3 times in 10 minutes (the pair above counted twice): then 429.
    expect((await backUpNow(admin)).statusCode).toBe(201);
    expect((await backUpNow(admin)).statusCode).toBe(429);
    expect((await backUpNow(await signedIn(ctx, ROLE.SUPER_ADMIN))).statusCode).toBe(201);
    const left = backupDirs();
    expect(left).toHaveLength(2);
    expect(left).not.toContain(path.basename(first.path as string));
    expect(fs.existsSync(first.path as string)).toBe(false);
    for (const kept of ['notes', 'README.txt', 'aquadesk-20200101-000000']) {
      expect(fs.existsSync(path.join(ctx.config.backupDir, kept)), kept).toBe(true);
    }
  }, 120_000);

  it('the daily job: scheduled at BACKUP_AT in TZ, its handler records a daily backup; off schedules nothing', async () => {
    const scheduled: { name: string; at: string; tz: string; handler: () => Promise<unknown> }[] = [];
    const jobs = {
      daily: async (name: string, at: string, tz: string, handler: () => Promise<unknown>) => {
        scheduled.push({ name, at, tz, handler });
        return new Date('2030-01-01T20:30:00Z');
      },
    };
    const log = { info: () => {}, error: () => {} };
    const backups = ctx.app.deps.services.backups;
    expect(await scheduleDailyBackup(jobs, { BACKUP_AT: null, TZ: 'Asia/Kolkata' }, backups, log)).toBeNull();
    expect(scheduled).toHaveLength(0);
    await scheduleDailyBackup(jobs, ctx.config, backups, log);
    expect(scheduled.map(({ name, at, tz }) => ({ name, at, tz }))).toEqual([
      { name: BACKUP_JOB, at: '02:00', tz: 'Asia/Kolkata' },
    ]);
    await scheduled[0]?.handler();
    expect((await overview(admin)).items[0]).toMatchObject({ trigger: 'daily', status: 'succeeded' });
  }, 120_000);
});

describe('a failed backup', () => {
  it('answers 500 with its reason, is listed as failed, and every Super Admin is told', async () => {
    const blocked = await createTestApp({ BACKUP_DIR: '/dev/null/backups' });
    try {
      const a = await signedIn(blocked, ROLE.SUPER_ADMIN);
      const other = await signedIn(blocked, ROLE.SUPER_ADMIN);
      const manager = await signedIn(blocked, ROLE.SERVICE_ADMIN);
      const res = await blocked.app.inject({
        method: 'POST',
        url: '/api/system/backups',
        headers: a.headers,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json().message).toMatch(/^The backup failed: .*\/dev\/null\/backups/);
      const list = await blocked.app.inject({ method: 'GET', url: '/api/system/backups', headers: a.headers });
      expect(list.json().items[0]).toMatchObject({ trigger: 'manual', status: 'failed', sizeBytes: 0, path: null });
      const said = async (s: Session) =>
        (
          (await blocked.app.inject({ method: 'GET', url: '/api/notifications', headers: s.headers })).json() as {
            message: string;
          }[]
        ).map((n) => n.message);
      for (const s of [a, other]) {
        expect(
          (await said(s)).some((m) => /^The backup of .* failed: .*Back up now on the System page\.$/.test(m)),
        ).toBe(true);
      }
      expect(await said(manager)).toEqual([]);
      // In Hindi for a reader who chose it: the words from the catalogue, the reason as written.
      const hindi = await blocked.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { ...other.headers, 'accept-language': 'hi' },
      });
      expect(hindi.json()[0].message).toContain('का बैकअप विफल रहा');
    } finally {
      await blocked.close();
    }
  }, 120_000);
});

describe('the local route (npm run backup while a server runs)', () => {
  const call = (opts: { token?: string; headers?: Record<string, string>; remoteAddress?: string; out?: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/system/backups/local',
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      headers: { ...(opts.token ? { [LOCAL_TOKEN_HEADER]: opts.token } : {}), ...opts.headers },
      payload: opts.out ? { out: opts.out } : {},
    });

  it('answers only this machine, straight in, with this start’s token', async () => {
    const token = ctx.app.deps.services.backups.localToken;
    expect((await call({})).statusCode).toBe(401);
    expect((await call({ token: `${token}x` })).statusCode).toBe(401);
    // A user's bearer token is not the local token.
    expect((await call({ headers: admin.headers })).statusCode).toBe(401);
    // Another machine, or through a proxy (which connects from loopback but says so): as if absent.
    expect((await call({ token, remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
    expect((await call({ token, headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await call({ token, out: 'relative/dir' })).statusCode).toBe(400);

    const out = path.join(ctx.dataDir, 'by-cli');
    const res = await call({ token, out });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dir: out, manifest: { database: ctx.database.kind } });
    expect(fs.existsSync(path.join(out, 'manifest.json'))).toBe(true);
    expect((await overview(admin)).items[0]).toMatchObject({ trigger: 'cli', status: 'succeeded', path: out });
  }, 120_000);
});
