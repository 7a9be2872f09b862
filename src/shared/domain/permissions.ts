/**
 * The one policy table: which role may open which screen, see which menu item and call
 * which family of endpoints. The route guard, the drawer and the server's guards all read
 * it, and the authorization tests are generated from it.
 */
import { GLOBAL_SCOPE_ROLES, ROLE, SYSTEM_ROLES, type SystemRole } from './roles.ts';

const ALL: readonly SystemRole[] = SYSTEM_ROLES;
const ADMINS: readonly SystemRole[] = GLOBAL_SCOPE_ROLES;
/** The spec's five "management" roles. */
const MANAGEMENT: readonly SystemRole[] = [
  ROLE.SUPER_ADMIN,
  ROLE.SERVICE_ADMIN,
  ROLE.SALES_ADMIN,
  ROLE.SERVICE_MANAGER,
  ROLE.SALES_MANAGER,
];
/** Management plus the two team leads (docs/product-rules.md R-11: routes follow the menu). */
const MANAGEMENT_AND_LEADS: readonly SystemRole[] = [...MANAGEMENT, ROLE.SERVICE_TEAM_LEAD, ROLE.SALES_TEAM_LEAD];

/**
 * Who keeps the stock (issue 37, ADR 049): the service side's admins, and its Managers and Team
 * Leads in their region. The catalogue and suppliers are the admins' (as the products are).
 */
const STOCK_KEEPERS: readonly SystemRole[] = [
  ROLE.SUPER_ADMIN,
  ROLE.SERVICE_ADMIN,
  ROLE.SERVICE_MANAGER,
  ROLE.SERVICE_TEAM_LEAD,
];
const CATALOGUE_KEEPERS: readonly SystemRole[] = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN];

/** Capabilities: each names a family of screens and endpoints. */
export const CAPABILITY = {
  dashboard: ALL,
  requestList: MANAGEMENT_AND_LEADS,
  requestCreate: ALL,
  requestRead: ALL,
  /** The requests completed without proof (`?proof=none`, issue 35 item 1): the managers. */
  requestsWithoutProof: MANAGEMENT,
  userManage: MANAGEMENT_AND_LEADS,
  roleManage: ADMINS,
  regionManage: ADMINS,
  /** Reading regions and customers: everyone needs them to raise a request. */
  regionRead: ALL,
  customerRead: ALL,
  customerManage: MANAGEMENT,
  customerHistory: MANAGEMENT_AND_LEADS,
  /** Importing customers and units from CSV or Excel (issue 34, ADR 040): the admins. */
  customerImport: ADMINS,
  /** Merging duplicate customers and undoing a merge (issue 34, ADR 038): admins, and managers in their region. */
  customerMerge: MANAGEMENT,
  technicianTasks: [ROLE.TECHNICIAN],
  notifications: ALL,
  profile: ALL,
  auditRead: ADMINS,
  /** The installed base (issue 21, ADR 023): everyone reads products and the units they reach. */
  productRead: ALL,
  productManage: [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN],
  unitRead: ALL,
  /** Customer editors, and a technician on one of the customer's requests (checked per unit). */
  unitWrite: [...MANAGEMENT, ROLE.TECHNICIAN],
  contractManage: MANAGEMENT,
  contractExpiring: MANAGEMENT_AND_LEADS,
  /** The due list and its screen. */
  maintenance: [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD],
  /** Raising the due jobs now (a Service Manager: their region). */
  maintenanceRun: [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER],
  /**
   * A unit's QR sticker (issue 36, ADR 043): re-issuing its code and printing sticker sheets, the
   * office's (within its region). One unit's SVG is anyone's who reads the unit (`unitRead`).
   */
  stickerManage: MANAGEMENT,
  /**
   * Customer messages (issue 35, ADR 046): the outbox, retrying a message, editing the templates.
   * The admins, whose business-wide words they are.
   */
  messages: ADMINS,
  /**
   * Spare parts and stock (issue 37, ADR 049). Everyone reads the catalogue (a technician picks
   * the parts fitted; the cost is shown to the stock keepers only); the admins change it, the
   * suppliers and the stores. The stock keepers read and move stock in their region (transfers,
   * adjustments, reorder levels, purchases). A technician reads their own van, asks for parts,
   * receives what was issued to it and returns parts from it (checked per transfer).
   */
  partRead: ALL,
  partManage: CATALOGUE_KEEPERS,
  stockRead: STOCK_KEEPERS,
  stockMove: STOCK_KEEPERS,
  /** Creating and receiving transfers: the keepers, and a technician for their own van. */
  stockTransfer: [...STOCK_KEEPERS, ROLE.TECHNICIAN],
  technicianVan: [ROLE.TECHNICIAN],
  /**
   * Reports (issue 38, ADR 050): the admins for everything, the Managers for their region (a
   * region-less Manager: every region), by the regional scope.
   */
  reports: MANAGEMENT,
  /** The System page: backups, "Back up now" and free disk space (issue 32, ADR 033). */
  system: [ROLE.SUPER_ADMIN],
} as const satisfies Record<string, readonly SystemRole[]>;

export type Capability = keyof typeof CAPABILITY;

export function hasCapability(role: SystemRole | null | undefined, capability: Capability): boolean {
  if (!role) return false;
  return (CAPABILITY[capability] as readonly SystemRole[]).includes(role);
}

/** Web routes and the capability each needs. Order matters only for readability. */
export const ROUTES = {
  dashboard: { path: '/dashboard', capability: 'dashboard' },
  users: { path: '/users', capability: 'userManage' },
  userCreate: { path: '/users/create', capability: 'userManage' },
  userEdit: { path: '/users/edit/:id', capability: 'userManage' },
  roles: { path: '/roles', capability: 'roleManage' },
  regions: { path: '/regions', capability: 'regionManage' },
  customers: { path: '/customers', capability: 'customerManage' },
  /** Importing customers and units (issue 34, ADR 040; from Customer Management, not in the menu). */
  customerImport: { path: '/customers/import', capability: 'customerImport' },
  customerHistory: { path: '/customers/:id', capability: 'customerHistory' },
  requests: { path: '/service-requests', capability: 'requestList' },
  requestCreate: { path: '/service-requests/create', capability: 'requestCreate' },
  requestDetails: { path: '/service-requests/:id', capability: 'requestRead' },
  /** The requests one raised (the dashboard's "View all"; not in the menu; ADR 020). */
  myRequests: { path: '/my-requests', capability: 'requestCreate' },
  myTasks: { path: '/technician/my-tasks', capability: 'technicianTasks' },
  taskHistory: { path: '/technician/task-history', capability: 'technicianTasks' },
  notifications: { path: '/notifications', capability: 'notifications' },
  profile: { path: '/profile', capability: 'profile' },
  audit: { path: '/audit', capability: 'auditRead' },
  maintenance: { path: '/maintenance', capability: 'maintenance' },
  products: { path: '/products', capability: 'productManage' },
  unit: { path: '/units/:id', capability: 'customerHistory' },
  system: { path: '/system', capability: 'system' },
  /** The customer messages' outbox and templates (issue 35, ADR 046). */
  messages: { path: '/messages', capability: 'messages' },
  /** Spare parts and stock (issue 37, ADR 049). */
  parts: { path: '/parts', capability: 'stockRead' },
  stock: { path: '/stock', capability: 'stockRead' },
  transfers: { path: '/stock/transfers', capability: 'stockRead' },
  purchases: { path: '/purchases', capability: 'stockRead' },
  suppliers: { path: '/suppliers', capability: 'stockRead' },
  myVan: { path: '/technician/my-van', capability: 'technicianVan' },
  /** Reports (issue 38, ADR 050): the admins everywhere, the Managers in their region. */
  reports: { path: '/reports', capability: 'reports' },
} as const satisfies Record<string, { path: string; capability: Capability }>;

export type RouteKey = keyof typeof ROUTES;

export function canOpen(role: SystemRole | null | undefined, route: RouteKey): boolean {
  return hasCapability(role, ROUTES[route].capability);
}

/**
 * Web routes that need no account: anyone opens them, signed in or not. The router renders them
 * in their own small layout (no app shell, no sign-in); on them the web's API client neither
 * refreshes a session on a 401 nor sends the reader to /login. In no menu.
 */
export const PUBLIC_ROUTES = {
  /** Whether AquaDesk is up (GET /api/health, /api/ready), in the reader's language. */
  status: { path: '/status' },
} as const satisfies Record<string, { path: string }>;

export type PublicRouteKey = keyof typeof PUBLIC_ROUTES;

/** Whether a location's path is a public route's (`:param` segments match any one segment). */
export function isPublicPath(pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, '').split('/');
  return Object.values(PUBLIC_ROUTES).some(({ path }) => {
    const want = path.split('/');
    return want.length === parts.length && want.every((w, i) => (w.startsWith(':') ? !!parts[i] : w === parts[i]));
  });
}

/** The side navigation, in the spec's order. */
export const MENU: readonly { label: string; route: RouteKey; icon: string }[] = [
  { label: 'Dashboard', route: 'dashboard', icon: 'dashboard' },
  { label: 'Service Requests', route: 'requests', icon: 'requests' },
  { label: 'New Service', route: 'requestCreate', icon: 'add' },
  { label: 'User Management', route: 'users', icon: 'users' },
  { label: 'Role Management', route: 'roles', icon: 'roles' },
  { label: 'Region Management', route: 'regions', icon: 'regions' },
  { label: 'Customer Management', route: 'customers', icon: 'customers' },
  { label: 'My Tasks', route: 'myTasks', icon: 'tasks' },
  { label: 'Task History', route: 'taskHistory', icon: 'history' },
  { label: 'Reports', route: 'reports', icon: 'reports' },
  { label: 'Audit Log', route: 'audit', icon: 'audit' },
  { label: 'Maintenance', route: 'maintenance', icon: 'maintenance' },
  { label: 'Products', route: 'products', icon: 'products' },
  { label: 'Messages', route: 'messages', icon: 'messages' },
  { label: 'My Van', route: 'myVan', icon: 'van' },
  { label: 'Stock', route: 'stock', icon: 'stock' },
  { label: 'Parts', route: 'parts', icon: 'parts' },
  { label: 'Transfers', route: 'transfers', icon: 'transfers' },
  { label: 'Purchases', route: 'purchases', icon: 'purchases' },
  { label: 'Suppliers', route: 'suppliers', icon: 'suppliers' },
  { label: 'System', route: 'system', icon: 'system' },
];

export function menuFor(role: SystemRole | null | undefined): typeof MENU {
  if (!role) return [];
  return MENU.filter((item) => canOpen(role, item.route));
}

/**
 * Data scope (docs/product-rules.md R-12). `region` means: limited to the user's region when they have one.
 */
export type RequestScope = 'all' | 'region' | 'requested' | 'technician';
export type RegionalScope = 'all' | 'region';

export function requestScopeOf(role: SystemRole): RequestScope {
  if (ADMINS.includes(role)) return 'all';
  if (role === ROLE.SALESMAN) return 'requested';
  if (role === ROLE.TECHNICIAN) return 'technician';
  return 'region';
}

/** Customers and users: admins see all, everyone else their region when they have one. */
export function regionalScopeOf(role: SystemRole): RegionalScope {
  return ADMINS.includes(role) ? 'all' : 'region';
}

/**
 * What a region-less user of a regional scope reaches: a manager or team lead is national
 * (everything); a Salesman or Technician reaches no region's customers until an admin gives them
 * a region (docs/product-rules.md R-14, ADR 015). Their own requests are unaffected.
 */
export function regionlessReach(role: SystemRole): 'all' | 'none' {
  return role === ROLE.SALESMAN || role === ROLE.TECHNICIAN ? 'none' : 'all';
}

/** Whether a user (role, region) reaches a record of a region through the regional scope. */
export function reachesRegion(role: SystemRole, ownRegionId: string | null, regionId: string | null): boolean {
  if (regionalScopeOf(role) === 'all') return true;
  if (ownRegionId) return regionId === ownRegionId;
  return regionlessReach(role) === 'all';
}
