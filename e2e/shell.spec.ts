/**
 * The app shell (issue 2, section 5): sign-in, the guard, the drawer per role, the 404 and Access
 * Denied pages, the phone navigation (the technician's bottom bar, the office roles' menu button in the
 * top bar; issue 33, ADR 036), the greeting shown once, the avatar menu and logout.
 */
import { expect, type Page, test } from '@playwright/test';
import { menuFor } from '../src/shared/domain/permissions.ts';
import { ROLE, SYSTEM_ROLES } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import { accountFor, createRegion, createUser, DEMO, loginAs, navigation, signIn, storedItem } from './fixtures.ts';

/**
 * Every element on screen with position fixed other than the top bar (<header>), and not inside
 * it: what would float over the page. Skipped: what is hidden, empty or moved off screen (the
 * skip link waiting for focus).
 */
function fixedOverContent(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.position !== 'fixed' || el.closest('header')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.right <= 0) continue;
      if (r.top >= innerHeight || r.left >= innerWidth) continue;
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      out.push(el.tagName + '.' + el.className + ' ' + (el.getAttribute('aria-label') || el.textContent || '').slice(0, 40));
    }
    return out;
  })()`);
}

test.describe('login', () => {
  test('quick-fill Admin, sign in, and the dashboard greets the user', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: DEMO.serviceName })).toBeVisible();
    await expect(page.getByText('Sign in to your account')).toBeVisible();
    await page.getByRole('button', { name: 'Admin' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('admin@demo.test');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Asha Admin!' })).toBeVisible();
    // The greeting shows once: the heading greets, so the top bar does not (issue 33 item 10, ADR 036)…
    await expect(page.getByText(/Welcome back/)).toHaveCount(1);
    await expect(page.getByRole('banner')).not.toContainText('Welcome back');
    // …and on every other page the top bar greets.
    await page.goto('/notifications');
    await expect(page.getByRole('banner')).toContainText('Welcome back, Asha Admin');
  });

  test('the Technician quick-fill uses the technician demo account', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Technician' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('tech@demo.test');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Suresh Technician!' })).toBeVisible();
  });

  test('validation messages are the spec’s', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the server’s message in an alert', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('sales.admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the password show/hide toggle works', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue('secret-value');
  });

  test('a signed-in user opening /login goes on to the dashboard', async ({ page }) => {
    await loginAs(page, 'service.admin@demo.test');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('route guard', () => {
  test('a signed-out visitor is sent to /login, and back after signing in', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  test('a Salesman opening /users gets Access Denied', async ({ page }) => {
    await loginAs(page, 'sales@demo.test');
    await page.goto('/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await loginAs(page, 'service.manager@demo.test');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the 404 page shows to a signed-out visitor too', async ({ page }) => {
    await page.goto('/definitely-not-here');
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  });

  test('/ redirects to the dashboard', async ({ page }) => {
    await loginAs(page, 'sales.manager@demo.test');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('the drawer shows exactly each role’s items', () => {
  // The spec's own lists for the two smallest menus, written out so a policy bug is caught.
  const SPEC_MENUS: Partial<Record<string, string[]>> = {
    [ROLE.TECHNICIAN]: ['Dashboard', 'New Service', 'My Tasks', 'Task History', 'My Van'],
    [ROLE.SALESMAN]: ['Dashboard', 'New Service'],
  };

  for (const role of SYSTEM_ROLES) {
    test(role, async ({ page }) => {
      const account = accountFor(role);
      await loginAs(page, account.email);
      const expected = menuFor(role).map((item) => item.label);
      const spec = SPEC_MENUS[role];
      if (spec) expect(expected).toEqual(spec);
      const links = navigation(page).getByRole('link');
      await expect(links).toHaveText(expected);
      await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      // The drawer is titled with the service name.
      await expect(page.getByText(DEMO.serviceName, { exact: true })).toBeVisible();
    });
  }

  test('a nested path highlights its own item', async ({ page }) => {
    await loginAs(page, 'admin@demo.test');
    await navigation(page).getByRole('link', { name: 'New Service' }).click();
    await expect(page).toHaveURL(/\/service-requests\/create$/);
    await expect(navigation(page).getByRole('link', { name: 'New Service' })).toHaveAttribute('aria-current', 'page');
    await expect(navigation(page).getByRole('link', { name: 'Service Requests' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('top bar', () => {
  test('the bell leads to /notifications', async ({ page }) => {
    await loginAs(page, 'service.lead@demo.test');
    await page.getByRole('link', { name: 'notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
  });

  test('the avatar menu shows name and role; Settings only closes; Profile opens /profile', async ({ page }) => {
    const account = await loginAs(page, 'sales.lead@demo.test');
    await expect(page.getByRole('button', { name: 'account menu' })).toHaveText('DS');
    await page.getByRole('button', { name: 'account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(account.name);
    await expect(menu).toContainText(account.role);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });

  test('logout returns to /login and the app stays closed', async ({ page }) => {
    await loginAs(page, 'service.manager.blr@demo.test');
    await page.getByRole('button', { name: 'account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sign in to your account')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedItem(page, 'user')).toBeNull();
    expect(await storedItem(page, 'accessToken')).toBeNull();
    expect(await storedItem(page, 'userId')).toBeNull();
  });
});

test.describe('phone navigation at 360 px (issue 33 item 8, ADR 036)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the technician navigates with the bottom bar: no menu button, no drawer', async ({ page }) => {
    await loginAs(page, 'tech@demo.test');
    await expect(page.getByRole('button', { name: 'open navigation' })).toHaveCount(0);
    const links = navigation(page).getByRole('link');
    await expect(links).toHaveText(['Dashboard', 'New Service', 'My Tasks', 'Task History', 'My Van']);
    await navigation(page).getByRole('link', { name: 'My Tasks' }).click();
    await expect(page).toHaveURL(/\/technician\/my-tasks$/);
    await expect(navigation(page).getByRole('link', { name: 'My Tasks' })).toHaveAttribute('aria-current', 'page');
    // The bar stays; the top bar spans the full width and names the service.
    await expect(navigation(page)).toBeVisible();
    const bar = await page.getByRole('banner').boundingBox();
    expect(bar?.x).toBe(0);
    expect(bar?.width).toBe(360);
    await expect(page.getByRole('banner')).toContainText(DEMO.serviceName);
  });

  test('an office role opens the drawer from the top bar’s menu button; nothing floats over the page', async ({
    page,
  }) => {
    await loginAs(page, 'service.manager@demo.test');
    await expect(navigation(page)).toBeHidden();
    // Nothing fixed on the screen but the top bar: no floating button, no bottom bar.
    await expect.poll(() => fixedOverContent(page)).toEqual([]);
    await page.getByRole('banner').getByRole('button', { name: 'open navigation' }).click();
    await expect(navigation(page)).toBeVisible();
    await expect(navigation(page).getByRole('link')).toHaveText(
      menuFor(ROLE.SERVICE_MANAGER).map((item) => item.label),
    );
    await navigation(page).getByRole('link', { name: 'Service Requests' }).click();
    await expect(page).toHaveURL(/\/service-requests$/);
    await expect(navigation(page)).toBeHidden();
    await expect.poll(() => fixedOverContent(page)).toEqual([]);
  });

  test('the greeting shows once on the dashboard: its heading; the top bar names the service', async ({ page }) => {
    await loginAs(page, 'service.manager@demo.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ravi Service Manager!' })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(1);
    await expect(page.getByRole('banner')).toContainText(DEMO.serviceName);
  });
});

test.describe('wide screens (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the greeting shows once on the dashboard, and the permanent drawer has no menu button', async ({ page }) => {
    await loginAs(page, 'tech@demo.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Suresh Technician!' })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(1);
    await expect(navigation(page)).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'open navigation' })).toHaveCount(0);
  });
});

test.describe('profile', () => {
  test('shows the user and changes the password', async ({ page, request }) => {
    // Three sign-ins and a password change: more than 30 s on a loaded machine.
    test.setTimeout(scaled(60_000));
    // In a region of its own: a fresh Chennai technician (no open tasks) would be the one the
    // journey's auto-assign picks, and the journey expects a demo technician.
    const region = await createRegion(request);
    const user = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Pooja Profile' });
    await signIn(page, user);
    await page.getByRole('button', { name: 'account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const main = page.getByRole('main');
    await expect(main).toContainText(user.name);
    await expect(main).toContainText(user.email);
    await expect(main).toContainText(ROLE.TECHNICIAN);
    await expect(main).toContainText(region.name);

    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('newpass123');
    await page.getByLabel('Confirm New Password').fill('newpass12');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm New Password').fill('newpass123');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current Password').fill(user.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully!')).toBeVisible();

    await page.getByRole('button', { name: 'account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await signIn(page, { ...user, password: 'newpass123' });
  });

  test('sign out everywhere ends this session as well', async ({ page, request }) => {
    const user = await createUser(request, { role: ROLE.SALESMAN, region: 'Chennai', name: 'Sanjana Sessions' });
    await signIn(page, user);
    const token = await storedItem(page, 'accessToken');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const res = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  });
});
