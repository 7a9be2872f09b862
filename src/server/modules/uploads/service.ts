/**
 * Work photos: checks first (scope, the assigned technician, the status), then the bytes are
 * cleaned and written, then the row. The row is written only after both files are stored, and
 * if the row fails the files are removed: never a row without its file, never a file without a row.
 */
import crypto from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { plausibleClientTime } from '#server/lib/client-time.ts';
import { notFound } from '#server/lib/errors.ts';
import type { Storage } from '#server/lib/storage.ts';
import { WorkQueue } from '#server/lib/work-queue.ts';
import * as repo from '#server/modules/service-requests/repository.ts';
import { assertMayAct, type RequestService } from '#server/modules/service-requests/service.ts';
import type { WorkMediaItem } from '#shared/contracts/service-requests.ts';
import { IMAGE_BUSY, processImage } from './images.ts';

export class UploadService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly requests: RequestService,
    /** Image work waits its turn here (a global limit per process, 503 past it). */
    private readonly images: WorkQueue = new WorkQueue(1, 16, IMAGE_BUSY),
  ) {}

  /** May this actor add a photo to this request now? 404 out of scope, 403 not theirs, 409 wrong status. */
  async assertCanUpload(actor: Actor, requestId: string): Promise<void> {
    const req = await this.requests.summary(actor, requestId);
    assertMayAct('uploadMedia', actor, req);
  }

  /** `clientTime`: when the phone took it (ADR 027); kept as `takenAt` when plausible, else null. */
  async store(actor: Actor, requestId: string, bytes: Buffer, ip: string, clientTime?: string): Promise<WorkMediaItem> {
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
      id = await this.db.transaction(async (tx) => {
        // Hold the request still while the row goes in, and check again under the lock.
        const locked = await repo.lockRow(tx, requestId);
        if (!locked) throw notFound('Service request');
        assertMayAct('uploadMedia', actor, locked);
        const mediaId = await repo.insertMedia(tx, {
          requestId,
          uploadedById: actor.id,
          storageKey,
          thumbKey,
          mimeType: image.mimeType,
          sizeBytes: image.data.length,
          width: image.width,
          height: image.height,
          takenAt,
        });
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'request.upload_media',
          entityType: 'work_media',
          entityId: mediaId,
          ip,
          details: {
            requestId,
            mimeType: image.mimeType,
            sizeBytes: image.data.length,
            ...(clientTime ? { clientTime, takenAt: takenAt?.toISOString() ?? null } : {}),
          },
        });
        return mediaId;
      });
    } catch (err) {
      await removeFiles();
      throw err;
    }
    const row = await repo.findMedia(this.db, id);
    return this.requests.mediaItem(row as repo.MediaRow);
  }
}
