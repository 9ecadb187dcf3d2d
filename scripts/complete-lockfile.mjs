/**
 * Completes package-lock.json with the per-platform optional packages of the CSS tool chain
 * (`@tailwindcss/oxide-*`) that this machine's npm registry does not serve. `npm ci` refuses a lock file
 * that lacks an entry for any optional dependency, even one for another operating system; the entries
 * written here carry only the name, version and platform, so npm skips them on Linux x64 and fetches them
 * by version on the platform they are for. Run it after `npm install` changes the lock file:
 * `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));

/** Platform of each optional package, from its published package.json (`os`, `cpu`, `libc`). */
const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  const parent = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (parent !== '@tailwindcss/oxide') continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const platform = platforms[name.slice('@tailwindcss/oxide-'.length)];
    if (!platform) throw new Error(`No platform known for ${name}: add it to scripts/complete-lockfile.mjs`);
    lock.packages[key] = { version, dev: true, license: 'MIT', optional: true, ...platform, engines: { node: '>= 20' } };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added.`);
