/**
 * A local S3 stand-in for tests (the `s3rver` package, in this process, no network beyond 127.0.0.1): a
 * bucket in a temporary folder, the configuration that points the app at it (`MEDIA_STORAGE=s3`), and a
 * listing of its keys read from the S3 API itself (ListObjectsV2).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { AppConfig } from '../config';

/** The stand-in's bucket: the settings an app needs, its keys, and `close()`. */
export type S3StandIn = {
  config: Pick<
    AppConfig,
    'MEDIA_STORAGE' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
  >;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Deletes every object of the bucket. */
  empty(): Promise<void>;
  close(): Promise<void>;
};

/** Starts the stand-in on a free port of 127.0.0.1 with one empty bucket, `bucket`. */
export async function startS3StandIn(bucket = 'resham-media'): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 'resham-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3StandIn['config'] = {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    // s3rver's fixed key pair.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: true,
    region: config.S3_REGION,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    config,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async empty() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      for (const object of listed.Contents ?? []) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key! }));
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
