/**
 * Work photos: checks first (scope, the assigned technician, the status), then the bytes are
 * cleaned and written, then the row (RequestService.addMedia). The row is written only after both
 * files are stored, and if the row fails the files are removed: never a row without its file,
 * never a file without a row.
 */

import crypto from 'node:crypto';
import type { Actor } from '#server/lib/auth.ts';
import { plausibleClientTime } from '#server/lib/client-time.ts';
import type { Storage } from '#server/lib/storage.ts';
import { WorkQueue } from '#server/lib/work-queue.ts';
import type { RequestService } from '#server/modules/service-requests/service.ts';
import type { WorkMediaItem } from '#shared/contracts/service-requests.ts';
import { DEFAULT_MEDIA_KIND, type MediaKind } from '#shared/domain/media.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { type ProcessedImage, processImage } from './images.ts';

export type { ProcessedImage };

export class UploadService {
  constructor(
    private readonly storage: Storage,
    private readonly requests: RequestService,
    /** Image work waits its turn here (a global limit per process, 503 past it). */
    private readonly images: WorkQueue = new WorkQueue(1, 16, ERR.imageBusy),
  ) {}

  /**
   * May this actor add a photo to this request now? 404 out of scope, 403 not theirs, 409 wrong
   * status; a queued upload (it carries `clientTime`, ADR 027) refused because its task moved on
   * answers a 409 that says so, the office told.
   */
  async assertCanUpload(actor: Actor, requestId: string, ip: string, clientTime?: string): Promise<void> {
    await this.requests.queued(actor, requestId, 'uploadMedia', clientTime, ip, () =>
      this.requests.assertMayUpload(actor, requestId),
    );
  }

  /** A full image queue refuses (503) before the body is read. */
  assertNotBusy(): void {
    if (this.images.full) throw this.images.busy();
  }

  /**
   * An image for another module's file (a purchase's invoice photo, issue 37): checked by its
   * bytes and re-encoded in this process's image queue, exactly as a work photo.
   */
  cleanImage(bytes: Buffer): Promise<ProcessedImage> {
    return this.images.run(() => processImage(bytes));
  }

  /** `clientTime`: when the phone took it (ADR 027); kept as `takenAt` when plausible, else null. */
  async store(
    actor: Actor,
    requestId: string,
    bytes: Buffer,
    ip: string,
    clientTime?: string,
    kind: MediaKind = DEFAULT_MEDIA_KIND,
  ): Promise<WorkMediaItem> {
    const takenAt = plausibleClientTime(clientTime);
    const image = await this.images.run(() => processImage(bytes));
    const name = crypto.randomUUID();
    const storageKey = `requests/${requestId}/${name}.${image.ext}`;
    const thumbKey = `requests/${requestId}/${name}-thumb.webp`;
    await this.storage.put(storageKey, image.data, image.mimeType);
    const removeFiles = async () => {
      await Promise.allSettled([this.storage.delete(storageKey), this.storage.delete(thumbKey)]);
    };
    let id: string;
    try {
      await this.storage.put(thumbKey, image.thumb, 'image/webp');
      id = await this.requests.addMedia(
        actor,
        requestId,
        {
          storageKey,
          thumbKey,
          mimeType: image.mimeType,
          sizeBytes: image.data.length,
          width: image.width,
          height: image.height,
          takenAt,
          kind,
        },
        ip,
        clientTime,
      );
    } catch (err) {
      await removeFiles();
      throw err;
    }
    return this.requests.mediaItem(id);
  }
}
