/**
 * Uploaded images in a bucket of an S3-compatible object storage (AWS S3, Cloudflare R2, MinIO) through the
 * AWS SDK (`MEDIA_STORAGE=s3`, docs/operations.md "Shared media (S3)"). Each object is stored with
 * `Content-Type: image/webp` and `Cache-Control: public, max-age=31536000, immutable` (the key changes with
 * the content), so a CDN in front of the bucket (MEDIA_PUBLIC_URL) caches it for a year. With S3_ENDPOINT set
 * the bucket is addressed path-style (`<endpoint>/<bucket>/<key>`), which R2 and MinIO take. Checksums are
 * sent only where the API requires them, which every S3-compatible storage accepts.
 */
import type { MediaStorage } from './media-storage';

/** Where the bucket is and the access key that may put, get and delete its objects. */
export type S3MediaSettings = {
  /** The S3 API address (`https://<account>.r2.cloudflarestorage.com`); undefined → AWS S3 in `region`. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** The `Cache-Control` each object carries: content-hashed names never change. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * The bucket storage of `settings` (no request is made until the first use). The SDK is imported here, not
 * at the top, so that the bundled server loads it only with MEDIA_STORAGE=s3.
 */
export async function openS3MediaStorage(settings: S3MediaSettings): Promise<MediaStorage> {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  /** Whether a GET was answered "no such object" (a missing bucket, `NoSuchBucket`, is an error). */
  const isMissingObject = (error: unknown) =>
    error instanceof S3ServiceException && error.name === 'NoSuchKey';
  /** Whether a HEAD was answered 404 (a HEAD answer has no body to tell a missing bucket apart). */
  const isNotFound = (error: unknown) =>
    error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: 'image/webp',
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { bytes, size: bytes.length };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
    },
  };
}
