/**
 * Issue 35 item 1 (ADR 047): a technician on a 360 px touch phone completes a job with the
 * customer's signature, drawn with a finger on the Complete Work dialog's pad (touch events, as a
 * phone sends them); the dialog's controls are at least 44 px and axe finds nothing in it; a
 * manager then sees the signature with the signer's name on the request's details page.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import {
  apiAuth,
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  seriousAxe,
  signIn,
} from './fixtures.ts';

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  return context.newPage();
}

/** A finger's stroke across the box: touch events through the DevTools protocol, as a phone sends them. */
async function drawWithFinger(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const cdp = await page.context().newCDPSession(page);
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const points = Array.from({ length: 24 }, (_, i) => {
    const f = i / 23;
    return at(0.1 + 0.8 * f, 0.6 - 0.35 * Math.sin(f * Math.PI * 2));
  });
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [points[0] as { x: number; y: number }],
  });
  for (const p of points.slice(1)) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a technician completes a job with the customer’s signature on a 360 px phone; the manager sees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const region = await createRegion(request);
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Selvi Signs' });
  const manager = await createUser(request, {
    role: ROLE.SERVICE_MANAGER,
    region: region.name,
    name: 'Mohan Checks',
  });
  const customer = await createCustomer(request, region, { name: 'Meera Sundaram' });
  const made = await createServiceRequest(request, { region, customer, assignTo: technician });
  const started = await request.post('/api/technician-workflow/start', {
    headers: await apiAuth(request, technician),
    data: { requestId: made.id },
  });
  expect(started.ok(), await started.text()).toBeTruthy();

  const page = await phone(browser);
  await signIn(page, technician);
  await page.goto(`/service-requests/${made.id}`);
  const panel = page.getByRole('region', { name: 'Work Progress' });
  await panel.getByRole('button', { name: 'Complete Work' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Work' });
  await expect(dialog).toBeVisible();
  // The business's mode is said before anything is sent (PROOF_OF_COMPLETION unset: optional).
  await expect(dialog.getByTestId('proof-mode')).toHaveText(
    "Optional: the customer's signature, or a one-time code sent to their phone.",
  );
  await dialog.getByRole('button', { name: 'Signature' }).click();
  const pad = dialog.getByRole('img', { name: 'Signature box: the customer signs here with a finger' });
  await pad.scrollIntoViewIfNeeded();
  await expect(pad).toBeVisible();

  // Every control of the dialog is a full-size target on the phone.
  for (const control of [
    dialog.getByRole('button', { name: 'Signature' }),
    dialog.getByRole('button', { name: 'One-time code' }),
    dialog.getByRole('button', { name: 'Clear' }),
    dialog.getByRole('button', { name: 'Complete Work' }),
  ]) {
    const b = await control.boundingBox();
    expect(b?.height ?? 0, `${await control.textContent()} height`).toBeGreaterThanOrEqual(43.5);
  }
  const padBox = await pad.boundingBox();
  expect(padBox?.width ?? 0).toBeGreaterThan(250);
  expect(padBox?.width ?? 0).toBeLessThanOrEqual(360);

  await drawWithFinger(page, padBox as { x: number; y: number; width: number; height: number });
  // Drawn, no name yet: Complete waits for the signer's name.
  await expect(dialog.getByRole('button', { name: 'Complete Work' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name of the person who signed' }).fill('Meera Sundaram');
  await dialog.getByRole('textbox', { name: 'Notes (optional)' }).fill('Changed the sediment filter');
  expect(await seriousAxe(page, 'the Complete Work dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Complete Work' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText('Work completed');

  // The manager opens the request: the signature, with the name.
  const office = await (await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' })).newPage();
  await signIn(office, manager);
  await office.goto(`/service-requests/${made.id}`);
  const proof = office.getByRole('region', { name: 'Proof of completion' });
  await expect(proof).toContainText('Signed by Meera Sundaram');
  await expect(proof).toContainText('with Selvi Signs');
  const image = proof.getByRole('img', { name: 'Signature of Meera Sundaram' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(100);
  expect(await seriousAxe(office, 'the details page')).toEqual([]);
  await office.context().close();
  await page.context().close();
});
