/**
 * The policy table against the spec's tables (section 2 routes, side navigation) as
 * docs/product-rules.md R-11 amends them: the team leads open Service Requests and User Management (routes follow the menu),
 * and customer history is open to every customer-list role plus both team leads.
 */
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY,
  canOpen,
  hasCapability,
  isPublicPath,
  MENU,
  menuFor,
  PUBLIC_ROUTES,
  ROUTES,
  type RouteKey,
} from './permissions.ts';
import { ROLE, SYSTEM_ROLES, type SystemRole } from './roles.ts';

const {
  SUPER_ADMIN: SA,
  SERVICE_ADMIN: SVA,
  SALES_ADMIN: SLA,
  SERVICE_MANAGER: SVM,
  SALES_MANAGER: SLM,
  SERVICE_TEAM_LEAD: SVL,
  SALES_TEAM_LEAD: SLL,
  TECHNICIAN: TECH,
  SALESMAN: SALES,
} = ROLE;

const ALL: SystemRole[] = [SA, SVA, SLA, SVM, SLM, SVL, SLL, TECH, SALES];
const FIVE: SystemRole[] = [SA, SVA, SLA, SVM, SLM];
const SEVEN: SystemRole[] = [...FIVE, SVL, SLL];
const ADMINS: SystemRole[] = [SA, SVA, SLA];

/** The spec's side-navigation table (its team-lead rows are the rule docs/product-rules.md R-11 keeps). */
const SPEC_MENU: { label: string; roles: SystemRole[] }[] = [
  { label: 'Dashboard', roles: ALL },
  { label: 'Service Requests', roles: SEVEN },
  { label: 'New Service', roles: ALL },
  { label: 'User Management', roles: SEVEN },
  { label: 'Role Management', roles: ADMINS },
  { label: 'Region Management', roles: ADMINS },
  { label: 'Customer Management', roles: FIVE },
  { label: 'My Tasks', roles: [TECH] },
  { label: 'Task History', roles: [TECH] },
];
const SPEC_LABELS = SPEC_MENU.map((m) => m.label);

/** Spec section 2's route table with the amendments of docs/product-rules.md R-11. */
const ROUTE_ROLES: Record<RouteKey, SystemRole[]> = {
  dashboard: ALL,
  users: SEVEN,
  userCreate: SEVEN,
  userEdit: SEVEN,
  roles: ADMINS,
  regions: ADMINS,
  customers: FIVE,
  // Issue 34: importing customers and units from spreadsheets (ADR 040), the admins'.
  customerImport: ADMINS,
  customerHistory: SEVEN,
  requests: SEVEN,
  requestCreate: ALL,
  requestDetails: ALL,
  // ADR 020: the dashboard's "View all" (not in the menu).
  myRequests: ALL,
  myTasks: [TECH],
  taskHistory: [TECH],
  notifications: ALL,
  profile: ALL,
  audit: ADMINS,
  // Issue 21: the due list (service side), the product catalogue (admins of service), a unit's page.
  maintenance: [SA, SVA, SVM, SVL],
  products: [SA, SVA],
  unit: SEVEN,
  // Issue 32: backups and disk space, the Super Admin's only.
  system: [SA],
  // Issue 35: the customer messages' outbox and templates, the admins'.
  messages: ADMINS,
  // Issue 37 (ADR 049): the stock screens are the service side's admins, managers and team leads';
  // a technician's van is theirs.
  parts: [SA, SVA, SVM, SVL],
  stock: [SA, SVA, SVM, SVL],
  transfers: [SA, SVA, SVM, SVL],
  purchases: [SA, SVA, SVM, SVL],
  suppliers: [SA, SVA, SVM, SVL],
  myVan: [TECH],
  // Issue 38 (ADR 050): the reports, the admins' everywhere and the Managers' in their region.
  reports: FIVE,
};
const STOCK_MENU = ['Stock', 'Parts', 'Transfers', 'Purchases', 'Suppliers'];

describe('menu', () => {
  it.each(SYSTEM_ROLES)('%s sees exactly the spec’s items, in the spec’s order', (role) => {
    const expected = SPEC_MENU.filter((m) => m.roles.includes(role)).map((m) => m.label);
    const shown = menuFor(role)
      .map((m) => m.label)
      .filter((label) => SPEC_LABELS.includes(label));
    expect(shown).toEqual(expected);
  });

  it('the spec’s own lists: Technician and Salesman', () => {
    expect(menuFor(TECH).map((m) => m.label)).toEqual([
      'Dashboard',
      'New Service',
      'My Tasks',
      'Task History',
      'My Van',
    ]);
    expect(menuFor(SALES).map((m) => m.label)).toEqual(['Dashboard', 'New Service']);
  });

  it('team leads see Service Requests and User Management (docs/product-rules.md R-11); the Service Team Lead also Maintenance', () => {
    const base = ['Dashboard', 'Service Requests', 'New Service', 'User Management'];
    expect(menuFor(SLL).map((m) => m.label)).toEqual(base);
    expect(menuFor(SVL).map((m) => m.label)).toEqual([...base, 'Maintenance', ...STOCK_MENU]);
  });

  it('the items beyond the spec’s table: Audit Log for the three admins, Maintenance and Products (issue 21), Messages (issue 35), stock (issue 37), Reports (issue 38), System (issue 32)', () => {
    const extra = MENU.filter((m) => !SPEC_LABELS.includes(m.label));
    expect(extra.map((m) => m.label)).toEqual([
      'Reports',
      'Audit Log',
      'Maintenance',
      'Products',
      'Messages',
      'My Van',
      ...STOCK_MENU,
      'System',
    ]);
    for (const role of SYSTEM_ROLES) {
      expect(menuFor(role).some((m) => m.label === 'Audit Log')).toBe(ADMINS.includes(role));
      expect(menuFor(role).some((m) => m.label === 'Reports')).toBe(FIVE.includes(role));
      expect(menuFor(role).some((m) => m.label === 'Maintenance')).toBe(
        ([SA, SVA, SVM, SVL] as SystemRole[]).includes(role),
      );
      expect(menuFor(role).some((m) => m.label === 'Products')).toBe(([SA, SVA] as SystemRole[]).includes(role));
      expect(menuFor(role).some((m) => m.label === 'System')).toBe(role === SA);
      expect(menuFor(role).some((m) => m.label === 'Messages')).toBe(ADMINS.includes(role));
      expect(menuFor(role).some((m) => m.label === 'My Van')).toBe(role === TECH);
      for (const label of STOCK_MENU) {
        expect(menuFor(role).some((m) => m.label === label)).toBe(([SA, SVA, SVM, SVL] as SystemRole[]).includes(role));
      }
    }
  });

  it('no user, no items', () => {
    expect(menuFor(null)).toEqual([]);
    expect(menuFor(undefined)).toEqual([]);
  });

  it('every item a role sees is a route it may open (menu and routes agree)', () => {
    for (const role of SYSTEM_ROLES) {
      for (const item of menuFor(role)) expect(canOpen(role, item.route)).toBe(true);
    }
  });
});

describe('route access', () => {
  const cases = (Object.keys(ROUTE_ROLES) as RouteKey[]).flatMap((route) =>
    SYSTEM_ROLES.map((role) => [route, role, ROUTE_ROLES[route].includes(role)] as const),
  );

  it.each(cases)('%s for %s: %s', (route, role, allowed) => {
    expect(canOpen(role, route)).toBe(allowed);
  });

  it('every route of the table is listed above', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(ROUTE_ROLES).sort());
  });

  it('the spec’s paths', () => {
    expect(ROUTES.userEdit.path).toBe('/users/edit/:id');
    expect(ROUTES.customerHistory.path).toBe('/customers/:id');
    expect(ROUTES.requestCreate.path).toBe('/service-requests/create');
    expect(ROUTES.requestDetails.path).toBe('/service-requests/:id');
    expect(ROUTES.myTasks.path).toBe('/technician/my-tasks');
    expect(ROUTES.taskHistory.path).toBe('/technician/task-history');
  });

  it('a signed-out user or an unknown role opens nothing', () => {
    for (const route of Object.keys(ROUTES) as RouteKey[]) {
      expect(canOpen(null, route)).toBe(false);
      expect(canOpen('Janitor' as SystemRole, route)).toBe(false);
    }
  });

  it('capabilities only name system roles', () => {
    for (const roles of Object.values(CAPABILITY)) {
      for (const r of roles) expect(SYSTEM_ROLES).toContain(r);
    }
  });

  it('reports (issue 38): the three admins and the two Managers, nobody else', () => {
    const readers = SYSTEM_ROLES.filter((r) => hasCapability(r, 'reports'));
    expect(readers).toEqual([
      ROLE.SUPER_ADMIN,
      ROLE.SERVICE_ADMIN,
      ROLE.SALES_ADMIN,
      ROLE.SERVICE_MANAGER,
      ROLE.SALES_MANAGER,
    ]);
  });
});

describe('public routes (no account)', () => {
  it('the status page is one; no signed-in route is', () => {
    expect(PUBLIC_ROUTES.status.path).toBe('/status');
    expect(isPublicPath('/status')).toBe(true);
    expect(isPublicPath('/status/')).toBe(true);
    for (const route of Object.values(ROUTES)) expect(isPublicPath(route.path)).toBe(false);
    for (const path of ['/', '/login', '/statuses', '/status/x', '/dashboard/status', '']) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });

  it('share no path with the signed-in routes and are in no menu', () => {
    const signedIn = Object.values(ROUTES).map((r) => r.path);
    for (const { path } of Object.values(PUBLIC_ROUTES)) expect(signedIn).not.toContain(path);
    expect(MENU.map((m) => m.route)).not.toContain('status');
  });
});
