/**
 * Completes package-lock.json with the per-platform optional packages (native bindings for other operating
 * systems and processors, e.g. `@tailwindcss/oxide-darwin-arm64`) that this machine's npm registry does not
 * serve. `npm ci` refuses a lock file that lacks an entry for any optional dependency, even one for another
 * platform; the entries written here carry the name, version and the platform read from the package name, so
 * npm skips them on Linux x64 and fetches them by version on the platform they are for.
 * Run it after every `npm install` that changes the lock file: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));

const systems = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const processors = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

/**
 * The `os`, `cpu` and `libc` of a platform package, read from the tokens of its name
 * (`…-linux-arm-musleabihf` → linux, arm, musl).
 * @throws when the name names no processor: such a package is not a platform binding.
 */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((token) => systems.includes(token));
  const cpu = tokens.find((token) => processors.includes(token));
  if (!cpu) throw new Error(`${name} is missing from the lock file and is not a platform package`);
  const libc = tokens.find((token) => token.startsWith('musl'))
    ? 'musl'
    : tokens.find((token) => token.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(os === 'linux' && libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    lock.packages[key] = { version, dev: entry.dev, optional: true, ...platformOf(name) };
    if (lock.packages[key].dev === undefined) delete lock.packages[key].dev;
    added++;
  }
}
const sorted = Object.entries(lock.packages).sort(([a], [b]) =>
  a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
);
lock.packages = Object.fromEntries(sorted);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added.`);
