/**
 * Issue 32 item 4: `npm run backup` of a running server that is taking writes, on the embedded
 * database (ADR 033). A real server (`tsx src/server/main.ts`, the demo on its own DATA_DIR, its
 * signing key generated there) takes new requests from the admin and photos from the technician
 * without pause; meanwhile the backup script runs as an operator runs it, finds the server through
 * DATA_DIR/local-admin.json and has it make the copy. The backup is restored into a fresh DATA_DIR
 * with the restore script and a server started on it:
 * - every request and every photo acknowledged before the backup started is there, each photo with
 *   the same bytes;
 * - the restored server starts, an access token of the old one still works (the key came along),
 *   and the admin signs in;
 * - the server kept answering writes while the backup ran.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, type ServerProcess, startServer } from '#tests/harness/process.ts';
import { scaled } from '#tests/harness/speed.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

function tmpDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aquadesk-${label}-`));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A script as the operator runs it (`npm run backup` is the compiled copy of the same code). */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      out += c;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

async function signIn(server: ServerProcess, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** A small JPEG no other upload has (random pixels). */
const photo = () =>
  sharp(crypto.randomBytes(48 * 48 * 3), { raw: { width: 48, height: 48, channels: 3 } })
    .jpeg()
    .toBuffer();

/** What the test reads of a request's details. */
interface Details {
  workMedia: { id: string; fileUrl: string }[];
}

interface Acked {
  id: string;
  at: number;
}

const sha = (b: ArrayBuffer) => crypto.createHash('sha256').update(Buffer.from(b)).digest('hex');

describe('backup of a running server (PGlite)', () => {
  it('every write acknowledged before the backup started is restored, with its photos; the restored server signs in', async () => {
    const dataDir = tmpDir('bklive-src');
    const env = {
      DATA_DIR: dataDir,
      DEMO: 'on',
      LOGIN_RATE_PER_IP: '100000',
      UPLOADS_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      BACKUP_AT: 'off',
      MAINTENANCE_SCHEDULER: 'off',
    };
    const server = await startServer(env);
    cleanups.push(() => server.stop());
    await server.waitReady(scaled(120_000));
    const admin = await signIn(server, 'admin@demo.test');
    const tech = await signIn(server, 'tech@demo.test');
    const customers = (await (await fetch(`${server.url}/api/customers?pageSize=5`, { headers: admin })).json()) as {
      id: string;
      regionId: string;
    }[];
    const customer = customers[0] as { id: string; regionId: string };
    const tasks = (await (await fetch(`${server.url}/api/technicians/my-tasks`, { headers: tech })).json()) as {
      id: string;
      status: string;
    }[];
    const task = tasks.find((t) => t.status === 'IN_PROGRESS');
    if (!task) throw new Error(`the demo has no IN_PROGRESS task for tech@demo.test: ${JSON.stringify(tasks)}`);

    // Writers: three raising requests, one uploading photos, until told to stop.
    const requests: Acked[] = [];
    const photos: Acked[] = [];
    const failures: string[] = [];
    let stop = false;
    const raise = async () => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${server.url}/api/service-requests`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'SERVICE',
            description: `Live backup writer ${i} ${crypto.randomUUID()}`,
            customerId: customer.id,
            regionId: customer.regionId,
          }),
        });
        if (res.status === 201) requests.push({ id: ((await res.json()) as { id: string }).id, at: Date.now() });
        else failures.push(`request ${res.status} ${await res.text()}`);
      }
    };
    const upload = async () => {
      while (!stop) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'site.jpg');
        const res = await fetch(`${server.url}/api/uploads/work-media/${task.id}`, {
          method: 'POST',
          headers: tech,
          body: form,
        });
        if (res.status === 201) photos.push({ id: ((await res.json()) as { id: string }).id, at: Date.now() });
        else failures.push(`photo ${res.status} ${await res.text()}`);
      }
    };
    const writers = [raise(), raise(), raise(), upload()];
    await expect.poll(() => requests.length >= 30 && photos.length >= 5, { timeout: scaled(60_000) }).toBe(true);

    const out = path.join(tmpDir('bklive-out'), 'backup');
    const started = Date.now();
    const before = { requests: requests.filter((r) => r.at < started), photos: photos.filter((p) => p.at < started) };
    const backup = await script('backup', ['--out', out], env);
    const ended = Date.now();
    const during = requests.filter((r) => r.at > started && r.at < ended).length;
    stop = true;
    await Promise.all(writers);
    console.info(
      `backup of a live server: ${((ended - started) / 1000).toFixed(1)} s (the script's start included); ` +
        `${before.requests.length} requests and ${before.photos.length} photos acknowledged before it, ` +
        `${during} requests acknowledged while it ran, ${requests.length} and ${photos.length} in all\n${backup.out.trim()}`,
    );
    expect(backup.out).toContain(`by the running server (pid ${server.proc.pid})`);
    expect(backup.code).toBe(0);
    expect(failures).toEqual([]);
    expect(during).toBeGreaterThan(0);

    // The bytes of the photos acknowledged before the backup, as the live server serves them.
    const live = (await (
      await fetch(`${server.url}/api/service-requests/${task.id}`, { headers: admin })
    ).json()) as Details;
    const media = new Map(live.workMedia.map((m) => [m.id, m.fileUrl]));
    const hashes = new Map<string, string>();
    for (const p of before.photos) {
      const res = await fetch(`${server.url}${media.get(p.id)}`);
      expect(res.status, p.id).toBe(200);
      hashes.set(p.id, sha(await res.arrayBuffer()));
    }
    expect(await server.stop()).toBe(0);

    const fresh = tmpDir('bklive-dst');
    const restored = await script('restore', [out], { DATA_DIR: fresh });
    expect(restored.out).toContain('Restored');
    expect(restored.code).toBe(0);

    const back = await startServer({ ...env, DATA_DIR: fresh });
    cleanups.push(() => back.stop());
    await back.waitReady(scaled(120_000));
    // The signing key came along: a token of the old server is still good, and signing in works.
    expect((await fetch(`${back.url}/api/auth/me`, { headers: admin })).status).toBe(200);
    const again = await signIn(back, 'admin@demo.test');
    const missing: string[] = [];
    for (const r of before.requests) {
      const res = await fetch(`${back.url}/api/service-requests/${r.id}`, { headers: again });
      if (res.status !== 200) missing.push(`request ${r.id}: ${res.status}`);
    }
    const details = (await (
      await fetch(`${back.url}/api/service-requests/${task.id}`, { headers: again })
    ).json()) as Details;
    const restoredMedia = new Map(details.workMedia.map((m) => [m.id, m.fileUrl]));
    for (const p of before.photos) {
      const url = restoredMedia.get(p.id);
      if (!url) {
        missing.push(`photo ${p.id}: no row`);
        continue;
      }
      const res = await fetch(`${back.url}${url}`);
      if (res.status !== 200) missing.push(`photo ${p.id}: ${res.status}`);
      else if (sha(await res.arrayBuffer()) !== hashes.get(p.id)) missing.push(`photo ${p.id}: other bytes`);
    }
    expect(missing).toEqual([]);
    expect(await back.stop()).toBe(0);
  });
});
