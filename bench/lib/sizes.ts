/**
 * Dataset sizes: S for a quick check (and CI), M for a shop after five years on the embedded
 * database (issue 39), L for the targets of issue 7.
 */
export interface Size {
  name: SizeName;
  regions: number;
  customers: number;
  technicians: number;
  /** Salesmen in each region (plus 1 service manager, 1 sales manager, 3 + 3 team leads). */
  salesmenPerRegion: number;
  /** Service requests of the history (the approve pool comes on top). */
  requests: number;
  /** Notifications loaded before the first unread-count measurement (P3's "1M"). */
  notificationsFirst: number;
  /** Notifications in all (P3's "10M"). */
  notifications: number;
  /** Installed units (issue 21), five schedule rows each; `dueJobs` of them due within the run's lead. */
  units: number;
  dueJobs: number;
  /** Spare parts (issue 37): catalogue items and ledger movements (a van per technician, a store per region). */
  parts: number;
  stockMovements: number;
  /** Default seconds of load per endpoint and server, and of warm-up before it. */
  duration: number;
  warmup: number;
}

export type SizeName = 'S' | 'M' | 'L';

export const SIZES: Record<SizeName, Size> = {
  S: {
    name: 'S',
    regions: 10,
    customers: 2_000,
    technicians: 60,
    salesmenPerRegion: 5,
    requests: 10_000,
    notificationsFirst: 10_000,
    notifications: 100_000,
    units: 20_000,
    dueJobs: 1_000,
    parts: 100,
    stockMovements: 20_000,
    duration: 5,
    warmup: 1,
  },
  // A shop after five years (issue 39): 200,000 requests, 20,000 customers, 40,000 units, 60 staff
  // (6 admins, 10 office people in each of 3 regions, 24 technicians), 2M notifications.
  M: {
    name: 'M',
    regions: 3,
    customers: 20_000,
    technicians: 24,
    salesmenPerRegion: 2,
    requests: 200_000,
    notificationsFirst: 200_000,
    notifications: 2_000_000,
    units: 40_000,
    dueJobs: 2_000,
    parts: 300,
    stockMovements: 200_000,
    duration: 5,
    warmup: 1,
  },
  L: {
    name: 'L',
    regions: 30,
    customers: 100_000,
    technicians: 2_000,
    salesmenPerRegion: 30,
    requests: 1_000_000,
    notificationsFirst: 1_000_000,
    notifications: 10_000_000,
    units: 1_000_000,
    dueJobs: 10_000,
    parts: 500,
    stockMovements: 1_000_000,
    duration: 10,
    warmup: 3,
  },
};

/** Every bench account signs in with this password. */
export const BENCH_PASSWORD = 'bench1234';
export const BENCH_ADMIN = 'admin@bench.test';
/** The regional manager of the dashboard measurement: Service Manager of region 0. */
/** The second Super Admin: raises about 4% of the generated requests (dataset.ts), the `mine` list's reader. */
export const BENCH_RAISER = 'admin.2@bench.test';
export const BENCH_MANAGER = 'service.manager.0@bench.test';
