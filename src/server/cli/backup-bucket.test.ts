/**
 * `npm run backup` with MEDIA_STORAGE=s3: the file holds the database, and a last line says the images stay
 * in the bucket (docs/operations.md "Shared media (S3)"). The bucket is never contacted by the backup.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDataDir } from '../test/backup-shop';
import { runBackupCli } from './backup';

describe('npm run backup with the images in a bucket', () => {
  let dataDir: string;
  let outDir: string;

  beforeAll(async () => {
    dataDir = await migratedDataDir('resham-bucket-backup-');
    outDir = await mkdtemp(join(tmpdir(), 'resham-bucket-out-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  });

  it('writes the database and says where the images are', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    let code: number;
    try {
      code = await runBackupCli(['--out', outDir], {
        env: {
          DATA_DIR: dataDir,
          MEDIA_STORAGE: 's3',
          // Nothing answers here: the backup must not need the bucket.
          S3_ENDPOINT: 'http://127.0.0.1:9',
          S3_BUCKET: 'resham-media',
          S3_REGION: 'auto',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
        },
      });
    } finally {
      log.mockRestore();
    }
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/^Backup written: .*, 0 image files; schema version /);
    expect(lines.at(-1)).toBe(
      'The uploaded images are in the bucket resham-media, not in this file: keep them with the bucket\'s versioning or a copy (docs/operations.md "Shared media (S3)").',
    );
    expect((await readdir(outDir)).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1);
  });

  it('refuses an incomplete S3 configuration with one line naming the setting', async () => {
    const errors: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      expect(
        await runBackupCli([], {
          env: {
            DATA_DIR: dataDir,
            MEDIA_STORAGE: 's3',
            S3_BUCKET: 'resham-media',
            S3_REGION: 'auto',
            S3_ACCESS_KEY_ID: 'key',
          },
        }),
      ).toBe(1);
    } finally {
      error.mockRestore();
    }
    expect(errors).toEqual([
      'Invalid configuration:\n  - S3_SECRET_ACCESS_KEY: must be set when MEDIA_STORAGE is s3 (unset)',
    ]);
  });
});
