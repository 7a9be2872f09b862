/**
 * Issue 31 items 1, 7 and 8 (ADR 027, round 3): one shared phone, two technicians. Arun (tech2)
 * starts and completes his task offline and signs out, still offline: the app asks first, keeps
 * his two changes for him only and drops his read cache. The office gives the job to Suresh
 * (tech); back online, Suresh signs in on the same phone and sees, sends and counts nothing of
 * Arun's. Arun signs in again: his changes go under his own name and are refused (the job is
 * Suresh's now); the office gives it back, and his Retry goes through.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { RequestDetails } from '../src/shared/contracts/service-requests.ts';
import { scaled } from '../tests/harness/speed.ts';
import {
  apiAuth,
  createCustomer,
  createServiceRequest,
  DEMO,
  demoAccount,
  type MadeRegion,
  signIn,
  signInThroughForm,
  uniqueTag,
} from './fixtures.ts';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const arun = { ...demoAccount('tech2@demo.test'), password: DEMO.password };
const suresh = { ...demoAccount('tech@demo.test'), password: DEMO.password };

async function idOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.get('/api/auth/me', { headers: await apiAuth(request, who) });
  return ((await res.json()) as { id: string }).id;
}

async function details(request: APIRequestContext, id: string): Promise<RequestDetails> {
  const res = await request.get(`/api/service-requests/${id}`, { headers: await apiAuth(request) });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as RequestDetails;
}

async function assign(request: APIRequestContext, id: string, technicianId: string) {
  const res = await request.post(`/api/service-requests/${id}/manual-assign`, {
    headers: await apiAuth(request),
    data: { technicianId },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** What the phone's IndexedDB holds: whose answers are cached, whose changes are queued. */
function onThePhone(page: Page): Promise<{ reads: string[]; outbox: (string | null)[] }> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('aquadesk-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(['reads', 'outbox'], 'readonly');
      const reads = tx.objectStore('reads').getAll();
      const outbox = tx.objectStore('outbox').getAll();
      tx.oncomplete = () => {
        db.close();
        resolve({ reads: reads.result.map((r) => r.userId), outbox: outbox.result.map((i) => i.ownerId ?? null) });
      };
    };
  })`);
}

const logout = (page: Page) =>
  page
    .getByRole('button', { name: 'account menu' })
    .click()
    .then(() => page.getByRole('menuitem', { name: 'Logout' }).click());

test('two technicians on one phone: the offline changes stay their owner’s, the read cache goes at sign-out, Retry succeeds once the job is back', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(180_000));
  const admin = await apiAuth(request);
  const regions = (await (await request.get('/api/regions', { headers: admin })).json()) as MadeRegion[];
  const chennai = regions.find((r) => r.name === 'Chennai') as MadeRegion;
  const [arunId, sureshId] = [await idOf(request, arun), await idOf(request, suresh)];
  const customer = await createCustomer(request, chennai, { name: `Shared Phone Customer ${uniqueTag()}` });
  const job = await createServiceRequest(request, { region: chennai, customer, assignTo: { id: arunId } });

  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, arun);
  // The worker in control, so the app's pages open with the network off.
  await expect
    .poll(
      () => page.evaluate<string>(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? 'none')`),
      { timeout: scaled(30_000) },
    )
    .toBe('activated');
  await page.goto('/technician/my-tasks');
  await expect(page.getByRole('article').filter({ hasText: job.ticketNumber })).toBeVisible();
  await page.goto(`/service-requests/${job.id}`);
  const panel = page.getByRole('region', { name: 'Work Progress' });
  await expect(panel.getByRole('button', { name: 'Start Work' })).toBeVisible();
  await page.waitForFunction('!!navigator.serviceWorker.controller', undefined, { timeout: scaled(30_000) });
  expect((await onThePhone(page)).reads).toContain(arunId);

  // 1. Arun works offline, the task opened from the phone: Start, then Complete with notes.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /^Offline, as of / })).toBeVisible();
  await panel.getByRole('button', { name: 'Start Work' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Saved on this phone' }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Complete Work' }).click();
  const complete = page.getByRole('dialog');
  await complete.getByLabel('Notes').fill('Arun: membrane replaced offline');
  await complete.getByRole('button', { name: 'Complete Work', exact: true }).click();
  await expect(complete).toBeHidden();
  await expect(page.getByText('2 changes waiting to sync')).toBeVisible();

  // 2. He signs out, still offline: asked first; yes keeps them for him and drops his read cache.
  await logout(page);
  const ask = page.getByRole('dialog', { name: '2 changes not sent yet: sign out anyway?' });
  await expect(ask).toContainText('They stay on this phone for you only, and are sent when you sign in again.');
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/service-requests/${job.id}$`));
  await logout(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => onThePhone(page)).toEqual({ reads: [], outbox: [arunId, arunId] });

  // 3. The office gives the job to Suresh; the network returns; Suresh signs in on this phone.
  await assign(request, job.id, sureshId);
  await context.setOffline(false);
  await signInThroughForm(page, suresh);
  await page.goto('/technician/my-tasks');
  await expect(page.getByRole('article').filter({ hasText: job.ticketNumber })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveCount(0);
  await page.goto(`/service-requests/${job.id}`);
  // His view of the task: assigned to him, not started (Arun's queued Start not applied), no count.
  await expect(panel.getByRole('button', { name: 'Start Work' })).toBeVisible();
  await expect(panel).not.toContainText('Work in progress');
  await expect(page.getByTestId('sync-status')).toHaveCount(0);
  // Nothing went to the server under Suresh's login; Arun's changes still wait, his.
  const meanwhile = await details(request, job.id);
  expect(meanwhile.status).toBe('ASSIGNED');
  expect(meanwhile.workLogs).toEqual([]);
  expect((await onThePhone(page)).outbox).toEqual([arunId, arunId]);

  // 4. Suresh signs out: nothing of his waits, so nobody asks.
  await logout(page);
  await expect(page).toHaveURL(/\/login$/);
  expect((await onThePhone(page)).outbox).toEqual([arunId, arunId]);

  // 5. Arun signs in again: his changes go under his name and are refused, the job being Suresh's.
  await signInThroughForm(page, arun);
  await page.goto('/technician/my-tasks');
  const attention = page.getByRole('alert').filter({ hasText: 'Needs attention' });
  await expect(attention).toContainText('reassigned to another technician', { timeout: scaled(20_000) });
  expect((await details(request, job.id)).workLogs).toEqual([]);

  // 6. The office gives the job back to Arun: his Retry now goes through, and the Complete after it.
  await assign(request, job.id, arunId);
  await page.goto(`/service-requests/${job.id}`);
  await attention.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: scaled(30_000) });
  const done = await details(request, job.id);
  expect(done.status).toBe('WORK_COMPLETED');
  expect(done.workLogs).toHaveLength(1);
  expect(done.workLogs[0]?.technician.id).toBe(arunId);
  expect(done.workLogs[0]?.notes).toBe('Arun: membrane replaced offline');
  expect((await onThePhone(page)).outbox).toEqual([]);
  await context.close();
});
