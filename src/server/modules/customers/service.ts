/**
 * Customers (docs/product-rules.md ): admins reach every customer, everyone else the customers of their
 * region when they have one; out of scope reads as not found. Writes keep the search text true.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { conflict, forbidden, invalid, isForeignKeyViolation, notFound } from '#server/lib/errors.ts';
import { col, type ExportTable, none } from '#server/lib/export/columns.ts';
import { signedMediaUrl } from '#server/lib/media-links.ts';
import { cappedWindow, containsPattern, type Window } from '#server/lib/paging.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import type { CustomerBody, CustomerHistory, CustomerItem, HistoryItem } from '#shared/contracts/customers.ts';
import { answerFacts } from '#shared/contracts/job.ts';
import type { ConsentBody } from '#shared/contracts/messages.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import type { RequestType } from '#shared/domain/workflow.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

export function toCustomerItem(row: repo.CustomerRow): CustomerItem {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    primaryPhone: row.primaryPhone,
    phoneNumbers: row.phoneNumbers ?? [],
    email: row.email,
    regionId: row.regionId,
    region: { name: row.regionName },
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy: row.accuracy,
    createdAt: row.createdAt.toISOString(),
    language: row.language,
    consent: {
      whatsapp: row.whatsappOptIn,
      sms: row.smsOptIn,
      at: row.consentAt?.toISOString() ?? null,
      source: row.consentSource,
    },
  };
}

/** The values a form's body is stored as (an import stores the same: import.service.ts). */
export function valuesOf(body: CustomerBody): repo.CustomerValues {
  const located = body.latitude != null && body.longitude != null;
  return {
    name: body.name,
    address: body.address,
    primaryPhone: body.primaryPhone,
    phoneNumbers: body.phoneNumbers,
    email: body.email,
    regionId: body.regionId,
    latitude: located ? (body.latitude as number) : null,
    longitude: located ? (body.longitude as number) : null,
    locationAccuracy: located ? (body.accuracy ?? null) : null,
    ...(body.language ? { language: body.language } : {}),
  };
}

const CUSTOMER_COLUMNS = [
  col<repo.CustomerRow>('name', (r) => r.name, 'text', 28),
  col<repo.CustomerRow>('phone', (r) => r.primaryPhone, 'text', 14),
  col<repo.CustomerRow>('otherPhones', (r) => (r.phoneNumbers ?? []).join(', '), 'text', 20),
  col<repo.CustomerRow>('email', (r) => r.email, 'text', 28),
  col<repo.CustomerRow>('address', (r) => r.address, 'text', 40),
  col<repo.CustomerRow>('region', (r) => r.regionName, 'text', 16),
  col<repo.CustomerRow>('latitude', (r) => r.latitude, 'number'),
  col<repo.CustomerRow>('longitude', (r) => r.longitude, 'number'),
  col<repo.CustomerRow>('createdAt', (r) => r.createdAt, 'datetime'),
];

export class CustomersService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  /** The region the caller is limited to, or null for everything. */
  private regionOf(actor: Actor): string | null {
    return regionFilterOf(actor, regionalScopeOf(actor.policyRole));
  }

  async list(
    actor: Actor,
    q: { page?: number; pageSize?: number; search?: string; regionId?: string },
  ): Promise<{ items: CustomerItem[]; total: number; window?: Window }> {
    const scope = this.regionOf(actor);
    if (scope && q.regionId && q.regionId !== scope) return { items: [], total: 0 };
    const filter: repo.CustomerFilter = {
      regionId: scope ?? q.regionId ?? null,
      pattern: q.search ? containsPattern(q.search) : undefined,
    };
    const window = cappedWindow(q);
    const [rows, total] = await Promise.all([
      repo.listCustomers(this.db, filter, window),
      repo.countCustomers(this.db, filter),
    ]);
    return { items: rows.map(toCustomerItem), total, window };
  }

  /** Every customer the list would show for `q`, all pages, as a download (ADR 037). */
  exportList(actor: Actor, q: { search?: string; regionId?: string }): ExportTable<repo.CustomerRow> {
    const scope = this.regionOf(actor);
    const elsewhere = !!scope && !!q.regionId && q.regionId !== scope;
    const filter: repo.CustomerFilter = {
      regionId: scope ?? q.regionId ?? null,
      pattern: q.search ? containsPattern(q.search) : undefined,
    };
    return {
      name: 'customers',
      sheet: 'customers',
      columns: CUSTOMER_COLUMNS,
      // Another region than the caller's own answers no rows, as the list does.
      rows: elsewhere ? none() : repo.streamCustomers(this.db, filter),
    };
  }

  /** A customer the caller may reach, or 404. */
  private async reachable(tx: Tx, actor: Actor, id: string): Promise<repo.CustomerRow> {
    const row = await repo.findCustomer(tx, id);
    const scope = this.regionOf(actor);
    if (!row || (scope && row.regionId !== scope)) throw notFound(ERR.customerNotFound);
    return row;
  }

  async get(actor: Actor, id: string): Promise<CustomerItem> {
    return toCustomerItem(await this.reachable(this.db, actor, id));
  }

  private async checkRegion(tx: Tx, actor: Actor, regionId: string) {
    if (!(await repo.regionExists(tx, regionId))) throw invalid('regionId', ERR.regionNotFound);
    const scope = this.regionOf(actor);
    if (scope && regionId !== scope) throw forbidden(ERR.customersOutOfRegion);
  }

  async create(actor: Actor, body: CustomerBody, ip: string): Promise<CustomerItem> {
    const id = await this.db.transaction(async (tx) => {
      await this.checkRegion(tx, actor, body.regionId);
      const id = await repo.insertCustomer(tx, { ...valuesOf(body), createdById: actor.id });
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'customer.create',
        entityType: 'customer',
        entityId: id,
        ip,
        details: { name: body.name, regionId: body.regionId },
      });
      return id;
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, body: CustomerBody, ip: string): Promise<CustomerItem> {
    await this.db.transaction(async (tx) => {
      await repo.lockCustomer(tx, id);
      const before = await this.reachable(tx, actor, id);
      await this.checkRegion(tx, actor, body.regionId);
      await repo.updateCustomer(tx, id, valuesOf(body));
      if (before.name !== body.name) await repo.refreshRequestSearchText(tx, id, body.name);
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'customer.update',
        entityType: 'customer',
        entityId: id,
        ip,
        details: {
          ...(before.name !== body.name ? { name: { from: before.name, to: body.name } } : {}),
          ...(before.regionId !== body.regionId ? { regionId: { from: before.regionId, to: body.regionId } } : {}),
        },
      });
    });
    return this.get(actor, id);
  }

  /** A customer's consent to messages per channel, and where it came from (issue 35 item 5). */
  async setConsent(actor: Actor, id: string, body: ConsentBody, ip: string): Promise<CustomerItem> {
    await this.db.transaction(async (tx) => {
      await repo.lockCustomer(tx, id);
      const before = await this.reachable(tx, actor, id);
      await repo.setConsent(tx, id, { whatsappOptIn: body.whatsapp, smsOptIn: body.sms, consentSource: body.source });
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'customer.consent',
        entityType: 'customer',
        entityId: id,
        ip,
        details: {
          whatsapp: { from: before.whatsappOptIn, to: body.whatsapp },
          sms: { from: before.smsOptIn, to: body.sms },
          source: body.source,
        },
      });
    });
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: string, ip: string): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const row = await this.reachable(tx, actor, id);
        await repo.lockCustomer(tx, id);
        if ((await repo.countRequests(tx, id)) > 0) throw conflict(ERR.customerHasRequests);
        await repo.deleteCustomer(tx, id);
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'customer.delete',
          entityType: 'customer',
          entityId: id,
          ip,
          details: { name: row.name },
        });
      });
    } catch (err) {
      // A request raised between our check and the delete: the foreign key refuses, we answer the same.
      if (isForeignKeyViolation(err)) throw conflict(ERR.customerHasRequests);
      throw err;
    }
  }

  async history(actor: Actor, id: string): Promise<CustomerHistory> {
    const customer = await this.reachable(this.db, actor, id);
    const rows = await repo.historyOf(this.db, id);
    const mediaByRequest = new Map<string, HistoryItem['workMedia']>();
    for (const m of await repo.historyMediaOf(this.db, id)) {
      const list = mediaByRequest.get(m.requestId) ?? [];
      list.push({
        id: m.id,
        fileUrl: signedMediaUrl(this.tokens, m.storageKey),
        uploadedAt: m.uploadedAt.toISOString(),
      });
      mediaByRequest.set(m.requestId, list);
    }
    const serviceHistory: HistoryItem[] = rows.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      description: r.description,
      job: answerFacts(r.job).job,
      createdAt: r.createdAt.toISOString(),
      assignedTo: r.assignedToId && r.assignedToName ? { id: r.assignedToId, name: r.assignedToName } : null,
      workMedia: mediaByRequest.get(r.id) ?? [],
      mediaCount: mediaByRequest.get(r.id)?.length ?? 0,
    }));
    const count = (type: RequestType) => serviceHistory.filter((h) => h.type === type).length;
    return {
      customer: toCustomerItem(customer),
      serviceHistory,
      statistics: {
        totalServices: serviceHistory.length,
        installations: count('INSTALLATION'),
        services: count('SERVICE'),
        complaints: count('COMPLAINT'),
        enquiries: count('ENQUIRY'),
        completedServices: serviceHistory.filter((h) => h.status === 'COMPLETED').length,
        lastService: serviceHistory[0]?.createdAt ?? null,
      },
    };
  }
}
