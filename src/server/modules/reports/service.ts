/**
 * Reports (issue 38, ADR 050): the owner's questions answered per region and period. The service
 * decides the scope (the admins: every region or the one asked for; a Manager: their own region,
 * another region's id answers 404 as any out-of-scope read; a region-less Manager: every region),
 * asks the repository for the report (aggregated in SQL) and maps it to `{ rows, totals }`. An
 * export is the same table, written by the list exports' writer (ADR 037).
 */
import type { Db } from '#server/db/client.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { notFound } from '#server/lib/errors.ts';
import type { ExportTable } from '#server/lib/export/columns.ts';
import { REJECTION_FAILING_PERCENT, TDS_ACCEPTABLE_LIMIT } from '#shared/contracts/readings.ts';
import type { ReportAnswer, ReportName, ReportQuery } from '#shared/contracts/reports.ts';
import { addDays } from '#shared/domain/maintenance.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { REPORT_TABLES, type ReportTableRow } from './columns.ts';
import * as installed from './installed.repository.ts';
import * as map from './mapper.ts';
import type { Range } from './range.repository.ts';
import * as repo from './scope.repository.ts';
import * as work from './work.repository.ts';

type Build = { [N in ReportName]: (db: Db, r: Range) => Promise<ReportAnswer<N>> };

const BUILD: Build = {
  requests: async (db, r) => map.toRequests(await work.requestsReport(db, r)),
  turnaround: async (db, r) => map.toTurnaround(await work.turnaroundReport(db, r)),
  technicians: async (db, r) => map.toTechnicians(await work.techniciansReport(db, r)),
  'repeat-complaints': async (db, r) =>
    map.toRepeatComplaints(await installed.repeatComplaints(db, r), {
      from: addDays(r.to, -(installed.REPEAT_WINDOW_DAYS - 1)),
      to: r.to,
    }),
  maintenance: async (db, r) => map.toMaintenance(await installed.maintenanceReport(db, r)),
  contracts: async (db, r) => map.toContracts(await installed.contractsReport(db, r)),
  'water-quality': async (db, r) =>
    map.toWaterQuality(
      await installed.waterQualityReport(db, r, {
        tdsHigh: TDS_ACCEPTABLE_LIMIT,
        failingPercent: REJECTION_FAILING_PERCENT,
      }),
    ),
};

export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly tz: string,
  ) {}

  /** The region the report covers: null for every region (404 outside the actor's reach or unknown). */
  private async regionFor(actor: Actor, asked: string | undefined): Promise<string | null> {
    const own = regionFilterOf(actor, regionalScopeOf(actor.policyRole));
    if (!asked) return own;
    if ((own && own !== asked) || !(await repo.regionExists(this.db, asked))) throw notFound(ERR.regionNotFound);
    return asked;
  }

  private async range(actor: Actor, q: ReportQuery): Promise<Range> {
    return {
      from: q.from,
      to: q.to,
      groupBy: q.groupBy,
      regionId: await this.regionFor(actor, q.regionId),
      tz: this.tz,
    };
  }

  /** The report `name` for the query, in the actor's scope. */
  async report<N extends ReportName>(actor: Actor, name: N, q: ReportQuery): Promise<ReportAnswer<N>> {
    const build = BUILD[name] as (db: Db, r: Range) => Promise<ReportAnswer<N>>;
    return build(this.db, await this.range(actor, q));
  }

  /**
   * The same report as a download: its rows, then its totals as a last row (ADR 050). The report is
   * read before the answer starts, so a failure is still a proper error answer.
   */
  async exportReport(actor: Actor, name: ReportName, q: ReportQuery): Promise<ExportTable<ReportTableRow>> {
    const answer = await this.report(actor, name, q);
    return REPORT_TABLES[name](answer as never);
  }
}
