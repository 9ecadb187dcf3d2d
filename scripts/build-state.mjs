// Tells whether the built client and server are missing or older than their sources ("builds what is missing").
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  paths.forEach((path) => visit(join(root, path)));
  return newest;
}

function isStale(output, sources) {
  const target = join(root, output);
  return !existsSync(target) || statSync(target).mtimeMs < newestMtime(sources);
}

export const clientIsStale = () =>
  isStale('dist/client/index.html', ['src/client', 'src/shared', 'vite.config.ts', 'package.json']);
export const serverIsStale = () =>
  isStale('dist/server/main.js', ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package.json']);
export { root };
