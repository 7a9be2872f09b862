/**
 * The demo accounts (docs/product-rules.md R-34; names from the seed) and the helpers every
 * journey uses. These tests run against the demo seed on purpose: they prove the demo works.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../src/shared/domain/constants.ts';
import { ROLE, type SystemRole } from '../src/shared/domain/roles.ts';

export const DEMO = {
  password: 'demo1234',
  serviceName: 'AquaDesk Service',
  regions: ['Chennai', 'Bengaluru', 'Hyderabad'],
} as const;

export interface DemoAccount {
  email: string;
  name: string;
  role: SystemRole;
  region: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.test', name: 'Asha Admin', role: ROLE.SUPER_ADMIN, region: null },
  { email: 'service.admin@demo.test', name: 'Vikram Service Admin', role: ROLE.SERVICE_ADMIN, region: null },
  { email: 'sales.admin@demo.test', name: 'Priya Sales Admin', role: ROLE.SALES_ADMIN, region: null },
  { email: 'service.manager@demo.test', name: 'Ravi Service Manager', role: ROLE.SERVICE_MANAGER, region: 'Chennai' },
  { email: 'sales.manager@demo.test', name: 'Meena Sales Manager', role: ROLE.SALES_MANAGER, region: 'Chennai' },
  { email: 'service.lead@demo.test', name: 'Karthik Service Lead', role: ROLE.SERVICE_TEAM_LEAD, region: 'Chennai' },
  { email: 'sales.lead@demo.test', name: 'Divya Sales Lead', role: ROLE.SALES_TEAM_LEAD, region: 'Chennai' },
  { email: 'tech@demo.test', name: 'Suresh Technician', role: ROLE.TECHNICIAN, region: 'Chennai' },
  { email: 'tech2@demo.test', name: 'Arun Technician', role: ROLE.TECHNICIAN, region: 'Chennai' },
  { email: 'tech.blr@demo.test', name: 'Naveen Technician', role: ROLE.TECHNICIAN, region: 'Bengaluru' },
  {
    email: 'service.manager.blr@demo.test',
    name: 'Lakshmi Service Manager',
    role: ROLE.SERVICE_MANAGER,
    region: 'Bengaluru',
  },
  { email: 'sales@demo.test', name: 'Rahul Salesman', role: ROLE.SALESMAN, region: 'Chennai' },
];

export function demoAccount(email: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return account;
}

/** The first demo account holding each role. */
export function accountFor(role: SystemRole): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account with role ${role}`);
  return account;
}

/**
 * Sign in through the login form as anyone, and wait for the dashboard's greeting. The four-role
 * journey and the plain-HTTP LAN phone use this one; the login screen's own tests type their own
 * steps (auth, languages, a11y).
 */
export async function signInThroughForm(
  page: Page,
  who: { email: string; password: string; name: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${who.name}!` })).toBeVisible();
}

/**
 * Signed in as anyone, on the dashboard with its greeting, without typing into the login form
 * (issue 29: one page load instead of two for the 50-odd tests whose subject is elsewhere). The
 * sign-in call is the form's own (POST /api/auth/login from the page's context, so the refresh
 * cookie lands in the browser), and what the form stores on success (lib/session.ts: the user,
 * the token and the user id under the spec's keys) is stored before the app's first script runs,
 * once per call and tab. The form itself is proven by signInThroughForm's tests.
 */
export async function signIn(page: Page, who: { email: string; password: string; name: string }): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { user, accessToken } = (await res.json()) as { user: { id: string }; accessToken: string };
  const once = `e2e-signed-in-${uniqueTag()}`;
  const store = [
    [STORAGE_KEYS.user, JSON.stringify(user)],
    [STORAGE_KEYS.token, accessToken],
    [STORAGE_KEYS.userId, user.id],
  ];
  await page.addInitScript({
    // Not on about:blank and other opaque origins (their storage throws): only the app's pages.
    content: `try {
      if (!sessionStorage.getItem(${JSON.stringify(once)})) {
        sessionStorage.setItem(${JSON.stringify(once)}, '1');
        for (const [key, value] of ${JSON.stringify(store)}) localStorage.setItem(key, value);
      }
    } catch {}`,
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${who.name}!` })).toBeVisible();
}

/** Sign in as a demo account and wait for the dashboard. */
export async function loginAs(page: Page, email: string, password: string = DEMO.password): Promise<DemoAccount> {
  const account = demoAccount(email);
  await signIn(page, { email, password, name: account.name });
  return account;
}

/** Sign in through the login form as a demo account and wait for the dashboard. */
export async function loginThroughForm(
  page: Page,
  email: string,
  password: string = DEMO.password,
): Promise<DemoAccount> {
  const account = demoAccount(email);
  await signInThroughForm(page, { email, password, name: account.name });
  return account;
}

export interface MadeUser {
  id: string;
  email: string;
  password: string;
  name: string;
  role: SystemRole;
  region: string | null;
}

let made = 0;

/** A tag no other test (worker, run) uses: for names, emails and phone numbers of our own. */
export function uniqueTag(): string {
  made += 1;
  return `${Date.now().toString(36)}${process.pid}${made}`;
}

/** A bearer header for an account, signed in through the API (the Super Admin by default). */
export async function apiAuth(
  request: APIRequestContext,
  who?: { email: string; password: string },
): Promise<{ authorization: string }> {
  if (!who) return adminAuth(request);
  const login = await request.post('/api/auth/login', { data: who });
  expect(login.ok(), await login.text()).toBeTruthy();
  return { authorization: `Bearer ${(await login.json()).accessToken}` };
}

/**
 * The Super Admin's bearer header for the fixtures that set up data, signed in once per worker
 * and kept for 10 minutes (the access token lives 15). Before, every fixture signed in again:
 * a test making nine users at once sent nine sign-ins for one account in parallel, and two such
 * tests on the two workers tripped the account's sign-in throttle for the whole run.
 */
let admin: { at: number; headers: Promise<{ authorization: string }> } | undefined;
async function adminAuth(request: APIRequestContext): Promise<{ authorization: string }> {
  if (!admin || Date.now() - admin.at > 10 * 60_000) {
    const headers = (async () => {
      const login = await request.post('/api/auth/login', {
        data: { email: 'admin@demo.test', password: DEMO.password },
      });
      expect(login.ok(), await login.text()).toBeTruthy();
      return { authorization: `Bearer ${(await login.json()).accessToken}` };
    })();
    admin = { at: Date.now(), headers };
    // A failed sign-in is not kept: the next fixture tries again.
    headers.catch(() => {
      admin = undefined;
    });
  }
  return admin.headers;
}

/**
 * A user of its own for a test that changes what it touches (its password, its sessions), so
 * tests running in parallel never share it. Created by the Super Admin through the API.
 */
export async function createUser(
  request: APIRequestContext,
  opts: { role: SystemRole; region?: string | null; name?: string },
): Promise<MadeUser> {
  const headers = await adminAuth(request);
  const roles = (await (await request.get('/api/roles', { headers })).json()) as { id: string; name: string }[];
  const regions = (await (await request.get('/api/regions', { headers })).json()) as { id: string; name: string }[];
  const roleId = roles.find((r) => r.name === opts.role)?.id;
  const region = opts.region === undefined ? null : opts.region;
  const regionId = region ? regions.find((r) => r.name === region)?.id : null;
  if (!roleId || regionId === undefined) throw new Error(`Unknown role ${opts.role} or region ${region}`);
  const tag = uniqueTag();
  const user = {
    name: opts.name ?? 'Test User',
    email: `e2e.${tag}@example.test`,
    password: `pw-${tag}`,
  };
  const res = await request.post('/api/users', { headers, data: { ...user, roleId, regionId, phone: null } });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string };
  return { ...user, id: body.id, role: opts.role, region };
}

export interface MadeRegion {
  id: string;
  name: string;
}

/**
 * A region of its own, created by the Super Admin through the API. Technicians made in it are
 * candidates for its requests only, so they never change who auto-assign picks in the demo's
 * regions (the journey relies on Chennai's two demo technicians).
 */
export async function createRegion(request: APIRequestContext, prefix = 'E2E Region'): Promise<MadeRegion> {
  const headers = await apiAuth(request);
  const res = await request.post('/api/regions', { headers, data: { name: `${prefix} ${uniqueTag()}` } });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as MadeRegion;
  return { id: body.id, name: body.name };
}

export interface MadeCustomer {
  id: string;
  name: string;
  address: string;
  primaryPhone: string;
}

/** A 10-digit phone number unlikely to be anyone else's. */
export function tenDigits(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** A customer of its own in `region`, created by the Super Admin through the API. */
export async function createCustomer(
  request: APIRequestContext,
  region: MadeRegion,
  opts: { name?: string; address?: string } = {},
): Promise<MadeCustomer> {
  const headers = await apiAuth(request);
  const tag = uniqueTag();
  const data = {
    name: opts.name ?? `Customer ${tag}`,
    address: opts.address ?? `${tag.length} Test Street, ${region.name}`,
    primaryPhone: tenDigits(),
    phoneNumbers: [],
    email: '',
    regionId: region.id,
  };
  const res = await request.post('/api/customers', { headers, data });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string };
  return { id: body.id, name: data.name, address: data.address, primaryPhone: data.primaryPhone };
}

export interface MadeUnit {
  id: string;
  /** Its QR sticker's code (ADR 043). */
  publicCode: string;
  customer: MadeCustomer;
}

/** A customer of its own in `region` with a unit of the demo product named `product` ("Kaveri Flow RO 12 L"). */
export async function createUnit(request: APIRequestContext, region: MadeRegion, product: string): Promise<MadeUnit> {
  const headers = await apiAuth(request);
  const customer = await createCustomer(request, region);
  const products = (await (
    await request.get('/api/products', { headers, params: { page: 1, pageSize: 100 } })
  ).json()) as { id: string; brand: string; name: string }[];
  const made = products.find((p) => `${p.brand} ${p.name}` === product);
  expect(made, product).toBeTruthy();
  const res = await request.post(`/api/customers/${customer.id}/units`, {
    headers,
    data: { productId: made?.id, serialNumber: `QR-${uniqueTag()}`, installedOn: '2026-01-15' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const unit = (await res.json()) as { id: string; publicCode: string };
  return { id: unit.id, publicCode: unit.publicCode, customer };
}

export interface MadeRequest {
  id: string;
  /** SR-000123 (ADR 020). */
  ticketNumber: string;
  description: string;
}

/**
 * A service request of its own, raised by the Super Admin through the API (so it starts
 * PENDING_APPROVAL, already sales-approved); `approve` also gives it the service approval
 * (APPROVED) and `assignTo` then assigns it to that technician (ASSIGNED).
 */
export async function createServiceRequest(
  request: APIRequestContext,
  opts: {
    region: MadeRegion;
    customer: MadeCustomer;
    type?: 'SERVICE' | 'INSTALLATION' | 'COMPLAINT' | 'ENQUIRY';
    description?: string;
    approve?: boolean;
    assignTo?: { id: string };
  },
): Promise<MadeRequest> {
  const headers = await apiAuth(request);
  const description = opts.description ?? `E2E request ${uniqueTag()}: filter needs a check`;
  const res = await request.post('/api/service-requests', {
    headers,
    data: { type: opts.type ?? 'SERVICE', description, customerId: opts.customer.id, regionId: opts.region.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id, ticketNumber } = (await res.json()) as { id: string; ticketNumber: string };
  if (opts.approve || opts.assignTo) {
    const approved = await request.post(`/api/service-requests/${id}/service-approve`, { headers, data: {} });
    expect(approved.ok(), await approved.text()).toBeTruthy();
  }
  if (opts.assignTo) {
    const assigned = await request.post(`/api/service-requests/${id}/manual-assign`, {
      headers,
      data: { technicianId: opts.assignTo.id },
    });
    expect(assigned.ok(), await assigned.text()).toBeTruthy();
  }
  return { id, ticketNumber, description };
}

/**
 * The main navigation: the permanent drawer on wide screens, the open temporary one on narrow, or
 * the technician's bottom bar below md (ADR 036).
 */
export function navigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

interface BrowserStorage {
  localStorage: { getItem(key: string): string | null };
}

/** A value from the page's localStorage (the tsconfig for e2e has no DOM types). */
export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => (globalThis as unknown as BrowserStorage).localStorage.getItem(k), key);
}

/**
 * The serious and critical axe violations on the page as it is, with the two rules axe leaves off
 * (label-content-name-mismatch, target-size) on; each as "<what>: <rule> (<impact>) <help> <targets>".
 */
export async function seriousAxe(page: Page, what: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}) ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}
