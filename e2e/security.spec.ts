/**
 * Security headers and the Content-Security-Policy, checked in the browser: the login page, the
 * dashboard and the main screens load and work under the policy with no violation reported, and
 * the answers carry the headers. The admin's "Sign Out Everywhere" ends a user's sessions.
 */
import { expect, type Page, test } from '@playwright/test';
import { scaled } from '../tests/harness/speed.ts';
import { DEMO, loginAs } from './fixtures.ts';

/** Collects CSP violations (the DOM event and the console) for the page's whole life. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  // A string, so the server's TypeScript (no DOM types) never sees browser globals.
  await page.addInitScript({
    content: `window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
      });`,
  });
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

async function violations(page: Page, fromConsole: string[]): Promise<string[]> {
  const fromDom = (await page.evaluate('window.__cspViolations || []')) as string[];
  return [...fromDom, ...fromConsole];
}

test('the HTML and the API answer with strict security headers', async ({ request }) => {
  for (const url of ['/login', '/dashboard']) {
    const res = await request.get(url);
    expect(res.ok(), url).toBeTruthy();
    const h = res.headers();
    const csp = h['content-security-policy'] ?? '';
    expect(csp, url).toContain("default-src 'self'");
    expect(csp, url).toMatch(/script-src 'self'(;|$)/);
    expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp, url).toContain("object-src 'none'");
    expect(csp, url).toContain("frame-ancestors 'none'");
    expect(csp, url).toContain("base-uri 'self'");
    expect(h['x-content-type-options'], url).toBe('nosniff');
    expect(h['x-frame-options'], url).toBe('SAMEORIGIN');
    expect(h['referrer-policy'], url).toBe('no-referrer');
    expect(h['cross-origin-opener-policy'], url).toBe('same-origin');
    expect(h['x-powered-by'], url).toBeUndefined();
    // Plain HTTP: the HTTPS-only parts stay out (issue 14, ADR 013).
    expect(h['strict-transport-security'], url).toBeUndefined();
    expect(csp, url).not.toContain('upgrade-insecure-requests');
    // The same page through an HTTPS proxy on this machine (TRUST_PROXY=loopback): with them.
    const viaProxy = (await request.get(url, { headers: { 'x-forwarded-proto': 'https' } })).headers();
    expect(viaProxy['strict-transport-security'], url).toContain('max-age=');
    expect(viaProxy['content-security-policy'], url).toContain('upgrade-insecure-requests');
  }
  // A JSON answer is never a page: OWASP's API set (ADR 021, third round).
  const api = await request.get('/api/config');
  expect(api.ok()).toBeTruthy();
  const h = api.headers();
  expect(h['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['cross-origin-resource-policy']).toBe('same-origin');
  expect(h['cache-control']).toBe('no-store');
  expect(h['strict-transport-security']).toBeUndefined();
  const viaProxy = (await request.get('/api/config', { headers: { 'x-forwarded-proto': 'https' } })).headers();
  expect(viaProxy['strict-transport-security']).toContain('max-age=');
});

test('the login page and the screens work under the CSP with no violation', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const fromConsole = await watchCsp(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await loginAs(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading').first()).toBeVisible();
  for (const path of ['/service-requests', '/users', '/customers', '/audit', '/notifications', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    // Let the screen's data arrive and render (the notification stream never goes idle).
    await page.waitForTimeout(500);
  }
  expect(await violations(page, fromConsole)).toEqual([]);
});

test('an admin signs a user out everywhere from the user edit page', async ({ page, playwright, baseURL }) => {
  // A user of our own, signed in from a second client.
  const api = await playwright.request.newContext({ baseURL });
  const admin = await api.post('/api/auth/login', { data: { email: 'admin@demo.test', password: DEMO.password } });
  const auth = { authorization: `Bearer ${(await admin.json()).accessToken}` };
  const roles = (await (await api.get('/api/users/assignable-roles', { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const email = `signout.${Date.now()}@demo.test`;
  const created = await api.post('/api/users', {
    headers: auth,
    data: {
      name: 'Sign Out Target',
      email,
      password: 'secret123',
      roleId: roles.find((r) => r.name === 'Technician')?.id,
      regionId: null,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const target = (await created.json()) as { id: string };
  const victim = await playwright.request.newContext({ baseURL });
  const signIn = await victim.post('/api/auth/login', { data: { email, password: 'secret123' } });
  const victimAuth = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
  expect((await victim.get('/api/auth/me', { headers: victimAuth })).ok()).toBeTruthy();

  const fromConsole = await watchCsp(page);
  await loginAs(page, 'admin@demo.test');
  await page.goto(`/users/edit/${target.id}`);
  await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Sign Out Target was signed out everywhere')).toBeVisible();

  expect((await victim.get('/api/auth/me', { headers: victimAuth })).status()).toBe(401);
  expect((await victim.post('/api/auth/refresh', { data: {} })).status()).toBe(401);
  expect(await violations(page, fromConsole)).toEqual([]);
});
