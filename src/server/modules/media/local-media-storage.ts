/**
 * Uploaded images in a folder (`DATA_DIR/media`, the default): key `<store id>/<hash>-<width>.webp` is the
 * file `<folder>/<store id>/<hash>-<width>.webp`. A file is written under a temporary name and renamed into
 * place, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MediaStorage } from './media-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The folder storage rooted at `folder` (created with the first write). */
export function openLocalMediaStorage(folder: string): MediaStorage {
  const fileOf = (key: string) => join(folder, key);
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      const temporary = join(dirname(file), `.upload-${randomBytes(8).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        const bytes = await readFile(fileOf(key));
        return { bytes, size: bytes.length };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async close() {},
  };
}
