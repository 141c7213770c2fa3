import { join } from 'node:path';
import type { Config } from '../env';
import type { Storage } from './storage-base';
import { localDiskStorage } from './storage-disk';
import { s3Storage } from './storage-s3';

export { checkKey, newStorageKey, RangeNotSatisfiableError, type ByteRange, type Storage, type StoredObject } from './storage-base';
export { localDiskStorage } from './storage-disk';
export { s3Client, s3Storage, type S3Settings } from './storage-s3';

const cache = new Map<string, Storage>();

/**
 * The storage the configuration names, one instance per place (an S3 client keeps its connections):
 * the bucket when `S3_BUCKET` is set, else `DATA_DIR/uploads`. A bare data directory means its disk.
 */
export function storageFor(config: string | Pick<Config, 'dataDir' | 'storage'>): Storage {
  const { dataDir, storage: settings } = typeof config === 'string' ? { dataDir: config, storage: { kind: 'disk' as const } } : config;
  const place = settings.kind === 's3' ? JSON.stringify(settings) : `disk:${dataDir}`;
  let storage = cache.get(place);
  if (!storage) {
    storage = settings.kind === 's3' ? s3Storage(settings) : localDiskStorage(join(dataDir, 'uploads'));
    cache.set(place, storage);
  }
  return storage;
}
