/**
 * One interface for where uploaded images are kept (docs/decisions/022-media-storage.md): the folder
 * `DATA_DIR/media` (./local-media-storage.ts, the default) or a bucket of an S3-compatible object storage
 * (./s3-media-storage.ts, `MEDIA_STORAGE=s3`). Both hold the same keys, `<store id>/<hash>-<width>.webp`, the
 * part of an image's URL after `/media/store/`, so a folder copied into a bucket (or back) keeps every URL.
 */
import type { AppConfig } from '../../config';
import { openLocalMediaStorage } from './local-media-storage';
import { mediaDirOf } from './media-files';

/** The bytes of one stored image file and its size in bytes. */
export type MediaObject = { bytes: Buffer; size: number };

/** Where uploaded image files live. Keys are checked by `isMediaKey` (./media-files.ts) before they reach a storage. */
export type MediaStorage = {
  /** `local` (a folder) or `s3` (a bucket). */
  kind: 'local' | 's3';
  /** Writes `bytes` (a WebP image) under `key`, replacing any file of that key. @throws the storage's error. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file under `key`, or null when there is none. @throws the storage's error (not for a missing key). */
  get(key: string): Promise<MediaObject | null>;
  /** Whether a file exists under `key`. @throws the storage's error. */
  has(key: string): Promise<boolean>;
  /** Removes the file under `key`; a missing one is no error. @throws the storage's error. */
  delete(key: string): Promise<void>;
  /** Closes connections (a no-op for the folder). */
  close(): Promise<void>;
};

/**
 * Opens the storage the configuration names: the folder `DATA_DIR/media`, or with `MEDIA_STORAGE=s3` the
 * bucket (the AWS SDK is loaded only then, so a shop on the folder never pays for it in memory).
 */
export async function openMediaStorage(config: AppConfig): Promise<MediaStorage> {
  if (config.MEDIA_STORAGE !== 's3') return openLocalMediaStorage(mediaDirOf(config.DATA_DIR));
  const { openS3MediaStorage } = await import('./s3-media-storage');
  return openS3MediaStorage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
  });
}
