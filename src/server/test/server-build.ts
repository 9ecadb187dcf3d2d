/**
 * The built server for process tests: the server bundled as `npm run build:server` bundles it, in a temporary
 * project folder of its own (package.json, dist/server, drizzle/, seed/, the invoice fonts), so that a test
 * starts `node dist/server/main.js` — what `npm start` runs — without compiling TypeScript at every start.
 *
 * A store run as another user (tests run as root start some stores as `nobody`, whom file modes bind) needs
 * to read all of that, and the npm packages the server imports. When that user cannot read this project's
 * node_modules (a clone in a folder only its owner may enter), the folder gets a node_modules of its own: the
 * packages the bundle imports and what they depend on, hard-linked (or copied) from this project's.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Metafile } from 'esbuild';
// @ts-expect-error: plain ESM helper without type declarations
import { buildServer } from '../../../scripts/build-server.mjs';
import { projectRoot } from '../paths';

/** A server build in a temporary project folder. */
export type ServerBuild = {
  /** The temporary project folder (run the server with it as the working directory). */
  projectDir: string;
  /** `dist/server/main.js` in it. */
  mainFile: string;
  /** Removes the folder. */
  remove(): void;
};

/**
 * Why `uid` cannot run a server build here, or null when it can once given one of its own
 * ({@link buildServerFor}). Checked by running Node.js as that user.
 */
export function cannotRunAs(uid: number): string | null {
  const probe = spawnSync(process.execPath, ['-e', ''], { uid, gid: uid, cwd: tmpdir(), stdio: 'ignore' });
  if (probe.error || probe.status !== 0)
    return `user ${uid} cannot run Node.js at ${process.execPath} (${probe.error?.message ?? `exit code ${probe.status}`})`;
  return null;
}

/** True when `uid` can read this project's node_modules (checked by running Node.js as that user). */
function readsProjectPackages(uid: number): boolean {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `require('fs').accessSync(${JSON.stringify(join(projectRoot, 'node_modules', 'fastify', 'package.json'))})`,
    ],
    { uid, gid: uid, cwd: tmpdir(), stdio: 'ignore' },
  );
  return probe.status === 0;
}

/**
 * Builds the server into a new temporary project folder that `uid` (default: this process's user) can read.
 * Takes about a second; remove it after the tests.
 */
export async function buildServerFor(uid?: number): Promise<ServerBuild> {
  const projectDir = mkdtempSync(join(tmpdir(), 'resham-server-build-'));
  chmodSync(projectDir, 0o755);
  const metafile = (await buildServer(join(projectDir, 'dist', 'server'))) as Metafile;
  copyFileSync(join(projectRoot, 'package.json'), join(projectDir, 'package.json'));
  for (const folder of ['drizzle', 'seed', join('src', 'server', 'assets')]) {
    cpSync(join(projectRoot, folder), join(projectDir, folder), { recursive: true });
  }
  if (uid === undefined || uid === process.getuid?.() || readsProjectPackages(uid)) {
    symlinkSync(join(projectRoot, 'node_modules'), join(projectDir, 'node_modules'), 'dir');
  } else {
    for (const name of packageClosure(importedPackages(metafile, join(projectDir, 'dist', 'server')))) {
      mirror(join(projectRoot, 'node_modules', name), join(projectDir, 'node_modules', name));
    }
  }
  makeReadable(projectDir);
  return {
    projectDir,
    mainFile: join(projectDir, 'dist', 'server', 'main.js'),
    remove: () => rmSync(projectDir, { recursive: true, force: true }),
  };
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The npm packages the bundle loads: its external imports, and the packages it resolves itself at run time
 * (`createRequire(…).resolve('nodemailer')` hands the mail worker its path).
 */
function importedPackages(metafile: Metafile, outdir: string): Set<string> {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !imported.path.startsWith('node:')) names.add(packageName(imported.path));
    }
  }
  for (const entry of readdirSync(outdir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.js')) continue;
    for (const match of readFileSync(join(outdir, entry), 'utf8').matchAll(/\.resolve\("([^".][^"]*)"\)/g)) {
      names.add(packageName(match[1]!));
    }
  }
  return names;
}

/**
 * `names` and every package they depend on (dependencies, optional and peer dependencies that are installed),
 * as the top-level folders of this project's node_modules that hold them (a package nested in another's
 * node_modules comes with that folder).
 */
function packageClosure(names: Set<string>): Set<string> {
  const topLevel = join(projectRoot, 'node_modules');
  const folders = new Set<string>();
  const pending = [...names].map((name) => ({ name, from: topLevel }));
  const visited = new Set<string>();
  while (pending.length > 0) {
    const { name, from } = pending.pop()!;
    const folder = resolvePackage(name, from, topLevel);
    if (!folder || visited.has(folder)) continue;
    visited.add(folder);
    folders.add(packageName(folder.slice(topLevel.length + 1)));
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      for (const dependency of Object.keys(manifest[field] ?? {}))
        pending.push({ name: dependency, from: folder });
    }
  }
  return folders;
}

/** The folder Node.js finds package `name` in from `from`, looking up to `topLevel`; null when not installed. */
function resolvePackage(name: string, from: string, topLevel: string): string | null {
  for (let dir = from; dir.startsWith(topLevel); dir = dirname(dir)) {
    const candidate = dir.endsWith('node_modules') ? join(dir, name) : join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === topLevel) break;
  }
  return null;
}

/** Recreates `source` at `target`: folders made, links kept, files hard-linked (copied across file systems). */
function mirror(source: string, target: string): void {
  const stat = lstatSync(source);
  if (stat.isSymbolicLink()) {
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(readlinkSync(source), target);
  } else if (stat.isDirectory()) {
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(source)) mirror(join(source, entry), join(target, entry));
  } else if (stat.mode & 0o004) {
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  } else {
    // A file only its owner may read: a copy of its own that others can read.
    copyFileSync(source, target);
  }
}

/** Lets every user read (and enter) everything under `folder`, symbolic links aside. */
function makeReadable(folder: string): void {
  for (const entry of ['', ...readdirSync(folder, { recursive: true, encoding: 'utf8' })]) {
    const path = join(folder, entry);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    const wanted = stat.isDirectory() || stat.mode & 0o100 ? 0o755 : 0o644;
    // Hard links share their mode with this project's files: only files already readable were linked.
    if ((stat.mode & 0o777 & wanted) !== wanted && stat.nlink === 1) chmodSync(path, stat.mode | wanted);
  }
}
