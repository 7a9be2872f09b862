/**
 * The composition root's services: every service of the app, built once from the config and the
 * infrastructure app.ts opens, and handed to the routes as `app.deps.services`. A route takes its
 * service from there and never builds one; a service that needs another gets it here, by its
 * constructor. Each section returns its own object, so a section can grow without touching the
 * others; `Services` is what they add up to.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AMC_REMINDER_DAYS } from '#shared/domain/messages.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { businessGstState, type Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { jobSheetUrl } from './lib/job-sheet-links.ts';
import type { AppMetrics } from './lib/metrics.ts';
import { RequestEvents } from './lib/request-events.ts';
import type { Storage } from './lib/storage.ts';
import type { TokenService } from './lib/tokens.ts';
import { VisitEvents } from './lib/visit-events.ts';
import { WorkQueue } from './lib/work-queue.ts';
import { AuditService } from './modules/audit/service.ts';
import { AuthService } from './modules/auth/service.ts';
import { BackupService, backupSettingsOf } from './modules/backups/service.ts';
import { ContractService } from './modules/contracts/service.ts';
import { CustomerImports } from './modules/customers/import.service.ts';
import { CustomerMergeService } from './modules/customers/merge.service.ts';
import { CustomersService } from './modules/customers/service.ts';
import { ImportService } from './modules/imports/service.ts';
import { JobSheetService } from './modules/job-sheets/service.ts';
import { type JobRaiser, MaintenanceRun } from './modules/maintenance/run.ts';
import { MaintenanceService } from './modules/maintenance/service.ts';
import { MessageDelivery } from './modules/messages/delivery.service.ts';
import { driverFor } from './modules/messages/drivers.ts';
import { Outbox } from './modules/messages/outbox.service.ts';
import { MessageService } from './modules/messages/service.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { ProductService } from './modules/products/service.ts';
import { ProofService } from './modules/proof/service.ts';
import { proofVisitSubscriber } from './modules/proof/visit.ts';
import { PublicUnitService } from './modules/public-units/service.ts';
import { PurchaseInvoices } from './modules/purchases/invoice.service.ts';
import { PurchaseService } from './modules/purchases/service.ts';
import { SupplierService } from './modules/purchases/supplier.service.ts';
import { ReadingService } from './modules/readings/service.ts';
import { readingsVisitSubscriber } from './modules/readings/visit.ts';
import { RegionsService } from './modules/regions/service.ts';
import { ReportService } from './modules/reports/service.ts';
import { RolesService } from './modules/roles/service.ts';
import { JobWrites } from './modules/service-requests/on-job.service.ts';
import { RequestQueries } from './modules/service-requests/queries.ts';
import { scopeFor } from './modules/service-requests/scope.ts';
import { RequestService } from './modules/service-requests/service.ts';
import { StickerService } from './modules/stickers/service.ts';
import { CatalogueService } from './modules/stock/catalogue.service.ts';
import { LocationService } from './modules/stock/locations.service.ts';
import { LowStockAlerts } from './modules/stock/low-stock.service.ts';
import { StockService } from './modules/stock/stock.service.ts';
import { TransferSteps } from './modules/stock/transfer-steps.service.ts';
import { TransferService } from './modules/stock/transfers.service.ts';
import { stockVisitSubscriber } from './modules/stock/visit.ts';
import { TechnicianService } from './modules/technicians/service.ts';
import { UnitImports } from './modules/units/import.service.ts';
import { UnitService } from './modules/units/service.ts';
import { unitsVisitSubscriber } from './modules/units/visit.ts';
import { UploadService } from './modules/uploads/service.ts';
import { UsersService } from './modules/users/service.ts';

/** What the services are built from: opened once by app.ts (tests pass their own database). */
export interface Infra {
  config: Config;
  db: Db;
  tokens: TokenService;
  metrics: AppMetrics;
  storage: Storage;
  /** The app's logger, for services that report progress. */
  log: FastifyBaseLogger;
  /** The database as opened (a backup snapshots the PGlite instance or runs pg_dump on its URL). */
  database: Database;
}

export function buildServices(infra: Infra) {
  const { config, db, tokens, metrics, storage, log, database } = infra;

  // --- extension points
  /** A completed visit's subscribers register here (lib/visit-events.ts, ADR 029). */
  const visits = new VisitEvents();
  /** A request registered, assigned, completed: its subscribers (lib/request-events.ts, ADR 046). */
  const requestEvents = new RequestEvents();
  /**
   * Customer messages (issue 35, ADR 046): the outbox writes in the event's transaction, the
   * deliverer sends what is due; `wakeMessages` is set by main.ts to the job runner's trigger.
   */
  let wakeMessages: () => void = () => {};
  const outbox = new Outbox({
    timeZone: config.TZ,
    serviceName: config.SERVICE_NAME,
    supportPhone: config.SUPPORT_PHONE ?? null,
    jobSheetUrl: (requestId) => jobSheetUrl(tokens, config.PUBLIC_URL ?? null, requestId),
    quietHours: config.MESSAGE_QUIET_HOURS,
    wake: () => wakeMessages(),
  });
  requestEvents.subscribe(outbox.requestSubscriber());
  const messageDelivery = new MessageDelivery(
    db,
    driverFor({
      driver: config.MESSAGE_DRIVER,
      webhookUrl: config.MESSAGE_WEBHOOK_URL,
      webhookSecret: config.MESSAGE_WEBHOOK_SECRET,
      whatsappToken: config.WHATSAPP_TOKEN,
      whatsappPhoneId: config.WHATSAPP_PHONE_ID,
      whatsappApiUrl: config.WHATSAPP_API_URL,
      timeoutMs: config.MESSAGE_TIMEOUT_MS,
    }),
    config.TZ,
    (err) => log.error({ err }, 'message delivery failed'),
    config.MESSAGE_QUIET_HOURS,
  );

  // --- people & access
  const people = {
    auth: new AuthService(
      db,
      tokens,
      config.REFRESH_TOKEN_TTL_DAYS,
      config.LOGIN_FAILS_PER_ACCOUNT,
      config.REFRESH_GRACE_SECONDS,
      config.DEMO,
    ),
    users: new UsersService(db),
    roles: new RolesService(db),
    regions: new RegionsService(db),
    notifications: new NotificationService(db),
    audit: new AuditService(db),
  };

  // --- customers
  const customerServices = {
    customers: new CustomersService(db, tokens),
    customerMerges: new CustomerMergeService(db),
  };

  // --- installed base: products, units, contracts, maintenance (S1 edits this section)
  const products = new ProductService(db);
  // The request scope as data: a unit shows only the requests its reader may read (ADR 031).
  const units = new UnitService(db, config.TZ, products, scopeFor, config.PUBLIC_URL ?? null);
  const contracts = new ContractService(db, config.TZ, units);
  visits.subscribe(unitsVisitSubscriber(units));
  // The run raises its jobs through RequestService, which is built below (it needs `units`): the
  // raiser reaches it when a run raises, by then long built.
  const raiser: JobRaiser = { raiseManyInTransaction: (...job) => requests.raiseManyInTransaction(...job) };
  const maintenanceRun = new MaintenanceRun(db, {
    timeZone: config.TZ,
    leadDays: config.MAINTENANCE_LEAD_DAYS,
    autoApprove: config.MAINTENANCE_AUTO_APPROVE,
    maxJobsPerCustomer: config.MAINTENANCE_MAX_JOBS_PER_CUSTOMER,
    raiser,
    onProgress: (p) => log.debug(p, 'maintenance run progress'),
    // The customer's AMC reminders at 30 and 7 days (ADR 046), beside the sales leads' notice.
    onRenewalReminder: (tx, contractId, days) =>
      AMC_REMINDER_DAYS.includes(days as 30 | 7) ? outbox.amcReminder(tx, contractId, days) : Promise.resolve(),
  });
  const maintenance = new MaintenanceService(db, config.TZ, units, maintenanceRun);
  const installedBase = { products, units, contracts, maintenance };

  // --- service requests, technicians, uploads (S2 edits this section)
  // A completed visit is published to `visits`, whose subscribers are registered above.
  const requests = new RequestService(db, tokens, metrics, units, visits, requestEvents);
  const requestQueries = new RequestQueries(db, tokens, config.PUBLIC_URL ?? null);
  const technicians = new TechnicianService(db, requestQueries, requests);
  // One queue per process for all image work: IMAGE_CONCURRENCY pictures at once, IMAGE_QUEUE waiting.
  const images = new WorkQueue(config.IMAGE_CONCURRENCY, config.IMAGE_QUEUE, ERR.imageBusy);
  const uploads = new UploadService(storage, requests, images);
  const work = { requests, requestQueries, technicians, uploads };

  // --- water-quality readings (issue 36, ADR 042): a job write, and a visit subscriber after units
  const readings = new ReadingService(db, new JobWrites(db), units);
  visits.subscribe(readingsVisitSubscriber(readings));

  // --- proof of completion (issue 35 item 1, ADR 047): the signature or the customer's one-time
  // code, a visit subscriber after readings (a signature is stored last, deleted on a rollback)
  const proof = new ProofService(db, tokens, storage, new JobWrites(db), outbox, config.PROOF_OF_COMPLETION);
  visits.subscribe(proofVisitSubscriber(proof));

  // --- stock at a visit (issue 37, ADR 049): the parts fitted leave the technician's van, after
  // units (which records the replaced parts this subscriber takes from the van)
  visits.subscribe(stockVisitSubscriber(config.TZ));

  // --- a unit's public page (issue 36 items 4–5, ADR 043): its requests are raised by RequestService
  const publicUnits = new PublicUnitService(
    db,
    { serviceName: config.SERVICE_NAME, supportPhone: config.SUPPORT_PHONE ?? null, timeZone: config.TZ },
    { raiseManyInTransaction: (...job) => requests.raiseManyInTransaction(...job) },
  );

  // --- a request's job sheet (issue 35 item 3): the request's reach, its unit, parts, readings, photos
  // and its signed public link (ADR 048): any request's details, once the token has authorised it
  const jobSheets = new JobSheetService(db, requests, requestQueries, storage, tokens, {
    serviceName: config.SERVICE_NAME,
    supportPhone: config.SUPPORT_PHONE ?? null,
    timeZone: config.TZ,
  });

  // --- QR stickers (issue 36 item 3, ADR 043)
  const stickers = new StickerService(db, units, {
    publicUrl: config.PUBLIC_URL,
    serviceName: config.SERVICE_NAME,
    supportPhone: config.SUPPORT_PHONE ?? null,
  });

  // --- imports of customers and units from spreadsheets (issue 34, ADR 040)
  const imports = new ImportService(db, new CustomerImports(), new UnitImports(units));

  // --- Issue 37: suppliers and purchases (ADR 049 item 7): GST by the business's state, receipts
  // through the stock ledger, the invoice's photo through the uploads' image queue
  const suppliers = new SupplierService(db);
  const purchases = new PurchaseService(db, tokens, suppliers, businessGstState(config));
  const purchaseInvoices = new PurchaseInvoices(db, storage, purchases, uploads);

  // --- Issue 37: stock (ADR 049): the catalogue, stores and vans, on-hand, the ledger's list,
  // adjustments, transfers and part requests, the daily low-stock notice (scheduled by main.ts)
  const stockTransfers = new TransferService(db);
  const stockServices = {
    stockCatalogue: new CatalogueService(db),
    stockLocations: new LocationService(db),
    stock: new StockService(db),
    stockTransfers,
    stockTransferSteps: new TransferSteps(db, stockTransfers),
    lowStockAlerts: new LowStockAlerts(db),
  };

  // --- Issue 38: reports (ADR 050), aggregated in SQL in the reader's scope
  const reports = new ReportService(db, config.TZ);

  // --- operations: backups (issue 32, ADR 033)
  const backups = new BackupService(db, database, backupSettingsOf(config), log);

  // --- the Messages screen and the gateways' reports (issue 35 items 5–7)
  const messages = new MessageService(db, config.TZ, () => wakeMessages(), config.MESSAGE_QUIET_HOURS);

  return {
    messages,
    visits,
    requestEvents,
    outbox,
    messageDelivery,
    /** main.ts points the outbox's wake-up at the job runner once it exists. */
    setMessageWake: (wake: () => void) => {
      wakeMessages = wake;
    },
    ...people,
    ...customerServices,
    ...installedBase,
    ...work,
    readings,
    proof,
    publicUnits,
    stickers,
    jobSheets,
    imports,
    backups,
    // Issue 37: stock
    ...stockServices,
    // Issue 37: suppliers and purchases
    suppliers,
    purchases,
    purchaseInvoices,
    // Issue 38: reports
    reports,
  };
}

export type Services = ReturnType<typeof buildServices>;
