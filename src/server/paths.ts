/** File-system locations of the project, found from this module whether it runs from src/ or dist/. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
/** The built storefront (vite build). */
export const clientDistDir = join(projectRoot, 'dist', 'client');
/** The storefront's server renderer (vite build --ssr). */
export const serverRendererFile = join(projectRoot, 'dist', 'render', 'render-on-server.js');
/** The demo shop's catalogue and images. */
export const seedDir = join(projectRoot, 'seed');
export const demoCatalogFile = join(seedDir, 'demo-catalog.json');
export const demoImagesDir = join(seedDir, 'images');
