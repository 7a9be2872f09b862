/**
 * The app shell (issue 2, section 5): sign-in, the guard, the drawer per role, the 404 and Access
 * Denied pages, the narrow layout, the avatar menu and logout.
 */
import { expect, test } from '@playwright/test';
import { menuFor } from '../src/shared/domain/permissions.ts';
import { ROLE, SYSTEM_ROLES } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import { accountFor, createRegion, createUser, DEMO, loginAs, navigation, signIn, storedItem } from './fixtures.ts';

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
    // The top bar greets too.
    await expect(page.getByRole('banner')).toContainText('Welcome back,');
    await expect(page.getByRole('banner')).toContainText('Asha Admin');
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
    [ROLE.TECHNICIAN]: ['Dashboard', 'New Service', 'My Tasks', 'Task History'],
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

test.describe('narrow screens (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the floating menu button opens the drawer, and choosing an item closes it', async ({ page }) => {
    await loginAs(page, 'tech@demo.test');
    await expect(navigation(page)).toBeHidden();
    await page.getByRole('button', { name: 'open navigation' }).click();
    await expect(navigation(page)).toBeVisible();
    await expect(navigation(page).getByRole('link')).toHaveText([
      'Dashboard',
      'New Service',
      'My Tasks',
      'Task History',
    ]);
    await navigation(page).getByRole('link', { name: 'My Tasks' }).click();
    await expect(page).toHaveURL(/\/technician\/my-tasks$/);
    await expect(navigation(page)).toBeHidden();
    // The top bar spans the full width.
    const bar = await page.getByRole('banner').boundingBox();
    expect(bar?.x).toBe(0);
    expect(bar?.width).toBe(390);
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
