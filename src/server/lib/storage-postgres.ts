/**
 * Photo bytes in PostgreSQL (STORAGE_DRIVER=postgres): every server process reads what any of
 * them wrote, with no shared disk, and the photos are in the database backup. Sized for a
 * field-service business (photos of up to MAX_UPLOAD_BYTES each); beyond that, an S3-compatible
 * store behind the same Storage interface is the way (docs/deploy.md).
 */
import { eq, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import { mediaObjects } from '#server/db/schema/ops.ts';
import { createStorage, isValidKey, type Storage, type StoredObject } from './storage.ts';

function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export class PostgresStorage implements Storage {
  constructor(private readonly db: Db) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.db
      .insert(mediaObjects)
      .values({ key, contentType, sizeBytes: data.length, data })
      .onConflictDoUpdate({
        target: mediaObjects.key,
        set: {
          contentType: sql`excluded.content_type`,
          sizeBytes: sql`excluded.size_bytes`,
          data: sql`excluded.data`,
          createdAt: sql`now()`,
        },
      });
  }

  async get(key: string): Promise<StoredObject | null> {
    assertKey(key);
    const [row] = await this.db
      .select({ data: mediaObjects.data, contentType: mediaObjects.contentType })
      .from(mediaObjects)
      .where(eq(mediaObjects.key, key))
      .limit(1);
    return row ? { data: row.data, contentType: row.contentType } : null;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.db.delete(mediaObjects).where(eq(mediaObjects.key, key));
  }
}

/** The storage STORAGE_DRIVER names: files under DATA_DIR/media (default) or the database. */
export function storageFor(config: Pick<Config, 'STORAGE_DRIVER' | 'dataDir'>, database: Database): Storage {
  return config.STORAGE_DRIVER === 'postgres' ? new PostgresStorage(database.db) : createStorage(config.dataDir);
}
