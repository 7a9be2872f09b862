/**
 * A purchase's invoice file (issue 37 item 6): a photo, checked by its bytes and re-encoded as a
 * work photo is (UploadService.cleanImage: EXIF and anything riding along dropped), or a PDF,
 * accepted as it is when its bytes start with `%PDF-` (and within MAX_UPLOAD_BYTES, the multipart
 * limit). The file is stored first, then the row points at it in one transaction with its audit
 * row; a failed row removes the new file, and a replaced file is removed after the commit.
 */
import crypto from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { AppError, invalid, notFound } from '#server/lib/errors.ts';
import type { Storage } from '#server/lib/storage.ts';
import type { UploadService } from '#server/modules/uploads/service.ts';
import type { PurchaseItem } from '#shared/contracts/stock.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';
import type { PurchaseService } from './service.ts';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export class PurchaseInvoices {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly purchases: PurchaseService,
    private readonly uploads: UploadService,
  ) {}

  /** Before a byte of the body is read: the purchase in the actor's scope (404), the image queue not full (503). */
  async assertCanAttach(actor: Actor, id: string): Promise<void> {
    await this.purchases.assertInScope(actor, id);
    this.uploads.assertNotBusy();
  }

  private async clean(bytes: Buffer): Promise<{ data: Buffer; type: string; ext: string }> {
    if (bytes.length === 0) throw invalid('file', ERR.invoiceFile);
    if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
      return { data: bytes, type: 'application/pdf', ext: 'pdf' };
    try {
      const image = await this.uploads.cleanImage(bytes);
      return { data: image.data, type: image.mimeType, ext: image.ext };
    } catch (err) {
      // Neither a PDF nor an image we take: say what an invoice may be.
      if (err instanceof AppError && err.key === ERR.unsupportedImage.key) {
        throw new AppError('UNSUPPORTED_MEDIA', ERR.invoiceFile);
      }
      throw err;
    }
  }

  async attach(actor: Actor, id: string, bytes: Buffer, ip: string): Promise<PurchaseItem> {
    await this.purchases.assertInScope(actor, id);
    const file = await this.clean(bytes);
    const key = `purchases/${id}/invoice-${crypto.randomUUID()}.${file.ext}`;
    await this.storage.put(key, file.data, file.type);
    let oldKey: string | null;
    try {
      oldKey = await this.db.transaction(async (tx) => {
        const replaced = await repo.replaceInvoiceFile(tx, id, key, file.type);
        if (!replaced) throw notFound(ERR.purchaseNotFound);
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'purchase.invoice',
          entityType: 'purchase',
          entityId: id,
          ip,
          details: { type: file.type, sizeBytes: file.data.length, replaced: replaced.oldKey !== null },
        });
        return replaced.oldKey;
      });
    } catch (err) {
      await this.storage.delete(key).catch(() => {});
      throw err;
    }
    // After the commit: the old file is no longer pointed at (a failed delete leaves an orphan, never a broken link).
    if (oldKey && oldKey !== key) await this.storage.delete(oldKey).catch(() => {});
    return this.purchases.get(actor, id);
  }
}
