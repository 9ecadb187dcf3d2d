/**
 * A gzipped tar file (POSIX ustar), written and read as streams: a backup is one `.tar.gz` any `tar xzf`
 * opens. Only regular files are written and read; names are relative with `/`, at most 255 bytes.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/** A file to write: its name inside the archive and where it is on disk now (`size` in bytes). */
export type TarEntry = { name: string; path: string; size: number };

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** The 512-byte ustar header of a regular file (`mtime` in seconds since 1970). */
function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) {
      throw new Error(`The file name ${name} is too long for the backup archive`);
    }
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100);
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(mtime, 12), 136);
  block.write('        ', 148);
  block.write('0', 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

async function* tarBlocks(entries: TarEntry[]): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for (const entry of entries) {
    yield header(entry.name, entry.size, mtime);
    let written = 0;
    for await (const chunk of createReadStream(entry.path)) {
      written += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (written !== entry.size) throw new Error(`${entry.path} changed while it was archived`);
    const rest = entry.size % BLOCK;
    if (rest > 0) yield Buffer.alloc(BLOCK - rest);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/**
 * Writes `entries` into the gzipped tar file `file` (replaced if present), readable by its owner only (0600:
 * a backup holds customers' addresses and password hashes).
 * @throws the file-system error, or an Error when a file changed size while it was read.
 */
export async function writeTarGz(file: string, entries: TarEntry[]): Promise<void> {
  await pipeline(tarBlocks(entries), createGzip({ level: 6 }), createWriteStream(file, { mode: 0o600 }));
}

/** A name from an archive as a safe relative path, or null for one that would leave the folder. */
function safeName(name: string): string | null {
  const normalized = normalize(name);
  if (!name || isAbsolute(normalized) || normalized.split(sep).includes('..')) return null;
  return normalized;
}

/**
 * Extracts the regular files of the gzipped tar file `file` into `folder` (created when missing).
 * @returns the names extracted, in archive order.
 * @throws {Error} when the file is not a gzipped tar, is cut short, or names a path outside `folder`.
 */
export async function extractTarGz(file: string, folder: string): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current: { out: ReturnType<typeof createWriteStream> | null; left: number; pad: number } | null = null;
  let ended = false;
  const gunzip = createReadStream(file).pipe(createGunzip());
  for await (const chunk of gunzip) {
    pending = pending.length === 0 ? (chunk as Buffer) : Buffer.concat([pending, chunk as Buffer]);
    while (!ended) {
      if (current) {
        const take = Math.min(current.left, pending.length);
        if (take > 0 && current.out && !current.out.write(pending.subarray(0, take))) {
          await once(current.out, 'drain');
        }
        pending = pending.subarray(take);
        current.left -= take;
        if (current.left > 0) break;
        if (pending.length < current.pad) break;
        pending = pending.subarray(current.pad);
        if (current.out) {
          current.out.end();
          await once(current.out, 'close');
        }
        current = null;
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      if (block.toString('latin1', 257, 262) !== 'ustar') throw new Error(`${file} is not a backup archive`);
      const text = (start: number, length: number) =>
        block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
      const prefix = text(345, 155);
      const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
      const size = parseInt(text(124, 12).trim() || '0', 8);
      const type = text(156, 1) || '0';
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      let out: ReturnType<typeof createWriteStream> | null = null;
      if (type === '0') {
        const relative = safeName(name);
        if (!relative) throw new Error(`${file} names a file outside its folder: ${name}`);
        const target = join(folder, relative);
        mkdirSync(dirname(target), { recursive: true });
        out = createWriteStream(target);
        names.push(name);
      }
      current = { out, left: size, pad };
    }
  }
  if (!ended || current) throw new Error(`${file} is cut short; it is not a whole backup`);
  return names;
}
