/**
 * Start-up data: the nine system roles always; on an empty database with DEMO on, the demo
 * regions, accounts, customers and requests (demo.ts). With DEMO off, at every start: every
 * active demo account is deactivated (audited, its sessions ended), and the ADMIN_EMAIL Super
 * Admin is created when no account has that email yet, even on a database with data (ADR 015).
 * A production start that still has active demo accounts logs a loud warning, every time.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { roles, users } from '#server/db/schema/people.ts';
import { audit } from '#server/lib/audit.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { revokeAllSessions } from '#server/lib/sessions.ts';
import { ROLE, SYSTEM_ROLE_PARENT, SYSTEM_ROLES } from '#shared/domain/roles.ts';
import { DEMO_EMAILS, seedDemo } from './demo.ts';

export { DEMO_ACCOUNTS, DEMO_EMAILS, DEMO_PASSWORD, DEMO_REGIONS } from './demo.ts';

/** Create the nine immutable system roles if missing; returns name → id. */
export async function seedRoles(db: Tx): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of SYSTEM_ROLES) {
    const parent = SYSTEM_ROLE_PARENT[name];
    const parentRoleId = parent ? (ids.get(parent) ?? null) : null;
    await db.insert(roles).values({ name, parentRoleId, immutable: true, policyRole: name }).onConflictDoNothing();
    const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
    if (row) ids.set(name, row.id);
  }
  return ids;
}

export interface SeedOptions {
  demo: boolean;
  adminEmail?: string;
  adminPassword?: string;
  /** NODE_ENV=production: active demo accounts then earn a warning at every start. */
  production?: boolean;
  log?: (msg: string) => void;
  warn?: (msg: string) => void;
}

export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  const log = opts.log ?? (() => {});
  const warn = opts.warn ?? log;
  const activeDemo = await db.transaction(async (tx) => {
    // One seeder at a time, even with several processes starting together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(424242)`);
    const roleIds = await seedRoles(tx);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if (n === 0 && opts.demo) {
      await seedDemo(tx, roleIds);
      log('Seeded the demo data (password for every demo account: demo1234)');
    }
    if (!opts.demo) {
      await deactivateDemoAccounts(tx, log);
      await createFirstAdmin(tx, roleIds, opts, log, n === 0);
    }
    const [{ active } = { active: 0 }] = await tx
      .select({ active: sql<number>`count(*)::int` })
      .from(users)
      .where(and(inArray(users.email, [...DEMO_EMAILS]), eq(users.status, 'ACTIVE')));
    return active;
  });
  if (opts.production && activeDemo > 0) {
    warn(
      `SECURITY WARNING: ${activeDemo} demo accounts are active on a production start: anyone can sign in as ` +
        `admin@demo.test (Super Admin) with the public password demo1234. Unless this is the demo tour, restart ` +
        'with DEMO=off and ADMIN_EMAIL/ADMIN_PASSWORD set: the demo accounts are then deactivated.',
    );
  }
}

/** DEMO=off: every active demo account stops working, with an audit row each (ADR 015). */
async function deactivateDemoAccounts(tx: Tx, log: (msg: string) => void) {
  const active = await tx
    .update(users)
    .set({ status: 'INACTIVE', updatedAt: new Date() })
    .where(and(inArray(users.email, [...DEMO_EMAILS]), eq(users.status, 'ACTIVE')))
    .returning({ id: users.id, email: users.email });
  for (const u of active) {
    await revokeAllSessions(tx, u.id, 'demo off');
    await audit(tx, {
      action: 'user.deactivate',
      entityType: 'user',
      entityId: u.id,
      details: { email: u.email, reason: 'DEMO=off' },
    });
  }
  if (active.length > 0) log(`Deactivated ${active.length} demo accounts (DEMO=off)`);
}

/** DEMO=off: the ADMIN_EMAIL Super Admin, when no account has that email yet. */
async function createFirstAdmin(
  tx: Tx,
  roleIds: Map<string, string>,
  opts: SeedOptions,
  log: (msg: string) => void,
  empty: boolean,
) {
  if (!opts.adminEmail || !opts.adminPassword) {
    if (empty) log('DEMO is off and ADMIN_EMAIL/ADMIN_PASSWORD are not set: nobody can sign in yet.');
    return;
  }
  const email = opts.adminEmail.trim().toLowerCase();
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return;
  const [created] = await tx
    .insert(users)
    .values({
      name: 'Administrator',
      email,
      passwordHash: await hashPassword(opts.adminPassword),
      roleId: roleIds.get(ROLE.SUPER_ADMIN) as string,
    })
    .returning({ id: users.id });
  await audit(tx, {
    action: 'user.create',
    entityType: 'user',
    entityId: created?.id,
    details: { email, role: ROLE.SUPER_ADMIN, reason: 'ADMIN_EMAIL' },
  });
  log(`Created the Super Admin from ADMIN_EMAIL: ${email}`);
}
