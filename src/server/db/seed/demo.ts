/**
 * The demo data (DEMO on, an empty database): three regions, the demo accounts (one per role and
 * a few more), customers, requests in every status with their history and work logs, and the
 * installed base (installed-base.ts). seed.ts decides when it is written.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, users } from '#server/db/schema/people.ts';
import { approvalHistory, serviceRequests, workLogs } from '#server/db/schema/requests.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { ROLE, type SystemRole } from '#shared/domain/roles.ts';
import type { RequestStatus, RequestType } from '#shared/domain/workflow.ts';
import { demoCustomerRow } from './customers.ts';
import { seedDemoHistory } from './history.ts';
import { seedInstalledBase } from './installed-base.ts';
import { seedDemoReadings } from './readings.ts';
import { seedDemoStock } from './stock.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_REGIONS = ['Chennai', 'Bengaluru', 'Hyderabad'] as const;

export const DEMO_ACCOUNTS: { name: string; email: string; role: SystemRole; region: string | null }[] = [
  { name: 'Asha Admin', email: 'admin@demo.test', role: ROLE.SUPER_ADMIN, region: null },
  { name: 'Vikram Service Admin', email: 'service.admin@demo.test', role: ROLE.SERVICE_ADMIN, region: null },
  { name: 'Priya Sales Admin', email: 'sales.admin@demo.test', role: ROLE.SALES_ADMIN, region: null },
  { name: 'Ravi Service Manager', email: 'service.manager@demo.test', role: ROLE.SERVICE_MANAGER, region: 'Chennai' },
  { name: 'Meena Sales Manager', email: 'sales.manager@demo.test', role: ROLE.SALES_MANAGER, region: 'Chennai' },
  { name: 'Karthik Service Lead', email: 'service.lead@demo.test', role: ROLE.SERVICE_TEAM_LEAD, region: 'Chennai' },
  { name: 'Divya Sales Lead', email: 'sales.lead@demo.test', role: ROLE.SALES_TEAM_LEAD, region: 'Chennai' },
  { name: 'Suresh Technician', email: 'tech@demo.test', role: ROLE.TECHNICIAN, region: 'Chennai' },
  { name: 'Arun Technician', email: 'tech2@demo.test', role: ROLE.TECHNICIAN, region: 'Chennai' },
  { name: 'Naveen Technician', email: 'tech.blr@demo.test', role: ROLE.TECHNICIAN, region: 'Bengaluru' },
  {
    name: 'Lakshmi Service Manager',
    email: 'service.manager.blr@demo.test',
    role: ROLE.SERVICE_MANAGER,
    region: 'Bengaluru',
  },
  { name: 'Rahul Salesman', email: 'sales@demo.test', role: ROLE.SALESMAN, region: 'Chennai' },
];

/** The demo accounts' emails: refused at sign-in whenever the demo is off. */
export const DEMO_EMAILS: ReadonlySet<string> = new Set(DEMO_ACCOUNTS.map((a) => a.email));

const CUSTOMERS: {
  name: string;
  address: string;
  phone: string;
  extra: string[];
  region: string;
  lat?: number;
  lng?: number;
}[] = [
  {
    name: 'Lakshmi Narayanan',
    address: '12 Gandhi Road, T. Nagar, Chennai',
    phone: '9840012345',
    extra: ['9840012346'],
    region: 'Chennai',
    lat: 13.0418,
    lng: 80.2341,
  },
  {
    name: 'Ganesh Iyer',
    address: '44 Anna Salai, Teynampet, Chennai',
    phone: '9840023456',
    extra: [],
    region: 'Chennai',
    lat: 13.0405,
    lng: 80.2503,
  },
  {
    name: 'Fatima Begum',
    address: '7 Marina View, Mylapore, Chennai',
    phone: '9840034567',
    extra: ['4424567890'],
    region: 'Chennai',
  },
  {
    name: 'Sanjay Reddy',
    address: '3 Velachery Main Road, Chennai',
    phone: '9840045678',
    extra: [],
    region: 'Chennai',
  },
  {
    name: 'Anitha Krishnan',
    address: '21 OMR, Sholinganallur, Chennai',
    phone: '9840056789',
    extra: [],
    region: 'Chennai',
  },
  {
    name: 'Prakash Gowda',
    address: '88 MG Road, Bengaluru',
    phone: '9900012345',
    extra: ['9900012399'],
    region: 'Bengaluru',
    lat: 12.9756,
    lng: 77.6066,
  },
  {
    name: 'Deepa Rao',
    address: '15 Indiranagar 100ft Road, Bengaluru',
    phone: '9900023456',
    extra: [],
    region: 'Bengaluru',
  },
  {
    name: 'Imran Khan',
    address: '9 Banjara Hills Road 2, Hyderabad',
    phone: '9000012345',
    extra: [],
    region: 'Hyderabad',
  },
];

/** Writes the demo data in the seeding transaction; `roleIds`: the system roles, name to id. */
export async function seedDemo(tx: Tx, roleIds: Map<string, string>) {
  const regionIds = new Map<string, string>();
  for (const name of DEMO_REGIONS) {
    const [row] = await tx.insert(regions).values({ name }).returning({ id: regions.id });
    regionIds.set(name, (row as { id: string }).id);
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) {
    const [row] = await tx
      .insert(users)
      .values({
        name: a.name,
        email: a.email,
        passwordHash,
        phone: null,
        roleId: roleIds.get(a.role) as string,
        regionId: a.region ? (regionIds.get(a.region) ?? null) : null,
        createdById: userIds.get('admin@demo.test') ?? null,
      })
      .returning({ id: users.id });
    userIds.set(a.email, (row as { id: string }).id);
  }
  const customerIds: { id: string; region: string; name: string }[] = [];
  for (const [i, c] of CUSTOMERS.entries()) {
    const [row] = await tx
      .insert(customers)
      .values(demoCustomerRow(c, i, regionIds.get(c.region) as string, userIds.get('admin@demo.test')))
      .returning({ id: customers.id });
    customerIds.push({ id: (row as { id: string }).id, region: c.region, name: c.name });
  }

  const u = (email: string) => userIds.get(email) as string;
  const chennai = customerIds.filter((c) => c.region === 'Chennai');
  const blr = customerIds.filter((c) => c.region === 'Bengaluru');
  const day = 24 * 3600 * 1000;
  const now = Date.now();
  const plan: {
    status: RequestStatus;
    type: RequestType;
    desc: string;
    customer: { id: string; region: string; name: string };
    by: string;
    tech?: string;
    salesApproved?: boolean;
    needsSales?: boolean;
    ageDays: number;
  }[] = [
    {
      status: 'DRAFT',
      type: 'ENQUIRY',
      desc: 'Asked about an under-sink RO model for a new flat',
      customer: chennai[3] as never,
      by: 'service.admin@demo.test',
      ageDays: 0.2,
    },
    {
      status: 'PENDING_APPROVAL',
      type: 'INSTALLATION',
      desc: 'New RO purifier installation in the kitchen',
      customer: chennai[0] as never,
      by: 'sales@demo.test',
      needsSales: true,
      ageDays: 0.5,
    },
    {
      status: 'PENDING_APPROVAL',
      type: 'SERVICE',
      desc: 'Sales approved: annual maintenance visit due',
      customer: chennai[1] as never,
      by: 'sales@demo.test',
      needsSales: true,
      salesApproved: true,
      ageDays: 1,
    },
    {
      status: 'PENDING_APPROVAL',
      type: 'COMPLAINT',
      desc: 'Water tastes salty after the last filter change',
      customer: chennai[2] as never,
      by: 'service.lead@demo.test',
      ageDays: 1.5,
    },
    {
      status: 'APPROVED',
      type: 'SERVICE',
      desc: 'Replace sediment and carbon filters',
      customer: chennai[4] as never,
      by: 'service.manager@demo.test',
      ageDays: 2,
    },
    {
      status: 'ASSIGNED',
      type: 'INSTALLATION',
      desc: 'Install a whole-house softener at the villa',
      customer: chennai[0] as never,
      by: 'sales.admin@demo.test',
      tech: 'tech@demo.test',
      salesApproved: true,
      ageDays: 3,
    },
    {
      status: 'IN_PROGRESS',
      type: 'SERVICE',
      desc: 'Purifier leaking from the bottom tray',
      customer: chennai[1] as never,
      by: 'service.manager@demo.test',
      tech: 'tech@demo.test',
      ageDays: 4,
    },
    {
      status: 'WORK_COMPLETED',
      type: 'COMPLAINT',
      desc: 'Low water flow from the RO tap',
      customer: chennai[2] as never,
      by: 'service.lead@demo.test',
      tech: 'tech2@demo.test',
      ageDays: 5,
    },
    {
      status: 'COMPLETED',
      type: 'INSTALLATION',
      desc: 'Installed a 10-litre RO+UV purifier',
      customer: chennai[0] as never,
      by: 'sales@demo.test',
      tech: 'tech@demo.test',
      needsSales: true,
      salesApproved: true,
      ageDays: 20,
    },
    {
      status: 'COMPLETED',
      type: 'SERVICE',
      desc: 'Six-monthly service and membrane check',
      customer: blr[0] as never,
      by: 'service.manager.blr@demo.test',
      tech: 'tech.blr@demo.test',
      ageDays: 12,
    },
    {
      status: 'REJECTED',
      type: 'ENQUIRY',
      desc: 'Duplicate enquiry about a commercial plant',
      customer: blr[1] as never,
      by: 'sales@demo.test',
      needsSales: true,
      ageDays: 7,
    },
    {
      status: 'ASSIGNED',
      type: 'SERVICE',
      desc: 'Filter change for the office cooler',
      customer: blr[1] as never,
      by: 'service.manager.blr@demo.test',
      tech: 'tech.blr@demo.test',
      ageDays: 1,
    },
  ];
  const demoUnits = await seedInstalledBase(tx, customerIds, userIds.get('admin@demo.test'));
  // Spare parts and stock (issue 37): the catalogue is the products' parts by name.
  await seedDemoStock(tx, { regionIds, userIds });
  // Visits with water readings since their installation on two units (issue 36 item 6): one
  // failing membrane in Chennai, one healthy unit in Bengaluru.
  const visitUnit = (c: { id: string; name: string; region: string } | undefined, manager: string, tech: string) => {
    // The customer's oldest unit: the most visits since its installation.
    const unit = demoUnits
      .filter((x) => x.customerId === c?.id)
      .sort((a, b) => a.installedOn.localeCompare(b.installedOn))[0];
    if (!c || !unit) throw new Error('The demo readings need a unit at the customer');
    return {
      unitId: unit.id,
      installedOn: unit.installedOn,
      customerId: c.id,
      customerName: c.name,
      regionId: regionIds.get(c.region) as string,
      requestedById: u(manager),
      approverId: u(manager),
      technicianId: u(tech),
    };
  };
  await seedDemoReadings(
    tx,
    visitUnit(chennai[0], 'service.manager@demo.test', 'tech@demo.test'),
    visitUnit(blr[0], 'service.manager.blr@demo.test', 'tech.blr@demo.test'),
  );
  // Oldest first, so the ticket numbers (ADR 020) follow the order the requests were raised.
  for (const p of [...plan].sort((x, y) => y.ageDays - x.ageDays)) {
    const createdAt = new Date(now - p.ageDays * day);
    const approver =
      p.customer.region === 'Chennai' ? u('service.manager@demo.test') : u('service.manager.blr@demo.test');
    const approved = !['DRAFT', 'PENDING_APPROVAL', 'REJECTED'].includes(p.status);
    const [row] = await tx
      .insert(serviceRequests)
      .values({
        type: p.type,
        description: p.desc,
        status: p.status,
        customerId: p.customer.id,
        regionId: regionIds.get(p.customer.region) as string,
        requestedById: u(p.by),
        assignedToId: p.tech ? u(p.tech) : null,
        approvedById: approved ? approver : null,
        needsSalesApproval: p.needsSales ?? false,
        salesApproved: p.salesApproved ?? false,
        searchText: `${p.customer.name} ${p.desc}`.toLowerCase(),
        createdAt,
        updatedAt: createdAt,
        assignedAt: p.tech ? new Date(createdAt.getTime() + 3600_000) : null,
        completedAt: p.status === 'COMPLETED' ? new Date(createdAt.getTime() + 2 * day) : null,
      })
      .returning({ id: serviceRequests.id });
    const id = (row as { id: string }).id;
    if (p.salesApproved && p.needsSales) {
      await tx.insert(approvalHistory).values({
        requestId: id,
        approverId: u('sales.admin@demo.test'),
        approverRole: ROLE.SALES_ADMIN,
        stage: 'SALES',
        status: 'APPROVED',
        comments: 'Customer confirmed the order',
        approvedAt: new Date(createdAt.getTime() + 600_000),
      });
    }
    if (approved) {
      await tx.insert(approvalHistory).values({
        requestId: id,
        approverId: approver,
        approverRole: ROLE.SERVICE_MANAGER,
        stage: 'SERVICE',
        status: 'APPROVED',
        comments: 'Approved',
        approvedAt: new Date(createdAt.getTime() + 1800_000),
      });
    }
    if (p.status === 'REJECTED') {
      await tx.insert(approvalHistory).values({
        requestId: id,
        approverId: u('sales.admin@demo.test'),
        approverRole: ROLE.SALES_ADMIN,
        stage: 'SALES',
        status: 'REJECTED',
        comments: 'Duplicate of an earlier enquiry',
        approvedAt: new Date(createdAt.getTime() + 1800_000),
      });
    }
    if (p.tech && ['IN_PROGRESS', 'WORK_COMPLETED', 'COMPLETED'].includes(p.status)) {
      const start = new Date(createdAt.getTime() + 2 * 3600_000);
      await tx.insert(workLogs).values({
        requestId: id,
        technicianId: u(p.tech),
        startTime: p.status === 'IN_PROGRESS' ? new Date(now - 45 * 60_000) : start,
        endTime: p.status === 'IN_PROGRESS' ? null : new Date(start.getTime() + 90 * 60_000),
        notes: p.status === 'IN_PROGRESS' ? null : 'Replaced the filters and tested the flow',
      });
    }
    if (p.status === 'COMPLETED') {
      await tx.insert(approvalHistory).values({
        requestId: id,
        approverId: approver,
        approverRole: ROLE.SERVICE_MANAGER,
        stage: 'ACKNOWLEDGE',
        status: 'APPROVED',
        comments: 'Work acknowledged',
        approvedAt: new Date(createdAt.getTime() + 2 * day),
      });
    }
  }
  await seedDemoHistory(tx, now);
  // Auto-assign breaks ties by who was assigned least recently: give each demo technician the
  // time of their latest seeded assignment, as the real assign path would have.
  await tx.execute(sql`
    UPDATE users SET last_assigned_at = latest.at
    FROM (SELECT assigned_to_id, max(assigned_at) AS at FROM service_requests
          WHERE assigned_to_id IS NOT NULL GROUP BY assigned_to_id) AS latest
    WHERE users.id = latest.assigned_to_id`);
}
