/**
 * QR stickers (issue 36 item 3, ADR 043): one unit's as SVG, a customer's or a region's units as
 * an A4 sheet. Reach as for units: a unit or customer out of the reader's reach, or a region not
 * theirs, answers 404. Printing is refused (409) while PUBLIC_URL is missing or private, since a
 * sticker must open from the customer's home.
 */
import type { Db } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, invalid, notFound } from '#server/lib/errors.ts';
import type { UnitService } from '#server/modules/units/service.ts';
import { STICKERS_PER_FILE } from '#shared/domain/public-unit.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { stickerLayout } from './layout.ts';
import { stickerSheet } from './pdf.ts';
import { stickerBase } from './public-url.ts';
import * as repo from './repository.ts';
import { stickerSvg } from './svg.ts';

export interface StickerSettings {
  publicUrl: string | undefined;
  serviceName: string;
  supportPhone: string | null;
}

export class StickerService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitService,
    private readonly settings: StickerSettings,
  ) {}

  private base(): string {
    const b = stickerBase(this.settings.publicUrl);
    if ('refused' in b) throw conflict(b.refused);
    return b.base;
  }

  private layout(u: repo.StickerRow, base: string) {
    return stickerLayout(u, base, { name: this.settings.serviceName, phone: this.settings.supportPhone });
  }

  async svg(actor: Actor, unitId: string): Promise<{ svg: string; serial: string }> {
    const u = await this.units.readableUnit(this.db, actor, unitId);
    const base = this.base();
    const row = await repo.stickerUnit(this.db, u.id);
    if (!row) throw notFound(ERR.unitNotFound);
    return { svg: stickerSvg(this.layout(row, base)), serial: row.serial };
  }

  /** A sheet: `page` (from 1) of the customer's or the region's stickers, STICKERS_PER_FILE a file. */
  async sheet(actor: Actor, q: { customerId?: string | undefined; regionId?: string | undefined; page: number }) {
    if (!q.customerId === !q.regionId) throw invalid(q.customerId ? 'regionId' : 'customerId', ERR.stickerScope);
    const offset = (q.page - 1) * STICKERS_PER_FILE;
    let found: { rows: repo.StickerRow[]; total: number };
    if (q.customerId) {
      if (!(await this.units.reachesCustomer(this.db, actor, q.customerId))) throw notFound(ERR.customerNotFound);
      found = await repo.stickersOfCustomer(this.db, q.customerId, STICKERS_PER_FILE, offset);
    } else {
      const regionId = q.regionId as string;
      const limit = this.units.regionOf(actor);
      if ((limit && limit !== regionId) || !(await repo.regionExists(this.db, regionId))) {
        throw notFound(ERR.regionNotFound);
      }
      found = await repo.stickersOfRegion(this.db, regionId, STICKERS_PER_FILE, offset);
    }
    const base = this.base();
    if (found.rows.length === 0) throw notFound(ERR.stickerPage);
    const layouts = found.rows.map((r) => this.layout(r, base));
    return {
      total: found.total,
      count: layouts.length,
      pdf: stickerSheet(layouts, `${this.settings.serviceName} stickers`),
    };
  }
}
