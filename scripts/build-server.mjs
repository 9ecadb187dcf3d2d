// Bundles the server and its CLIs into dist/server with esbuild (npm packages stay external).
// `buildServer(outdir)` is the same build into another folder (the process tests run the server from one).
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './build-state.mjs';

/**
 * Builds the server into `outdir` (relative to the project root, or absolute).
 * @param {string} [outdir]
 * @returns {Promise<import('esbuild').Metafile>} what went into each output file and what it imports.
 */
export async function buildServer(outdir = 'dist/server') {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'cli/catalog-import': 'src/server/cli/catalog-import.ts',
      'cli/orders': 'src/server/cli/orders.ts',
      'cli/admin': 'src/server/cli/admin.ts',
      'cli/backup': 'src/server/cli/backup.ts',
      'cli/restore': 'src/server/cli/restore.ts',
      'cli/move-to-postgres': 'src/server/cli/move-to-postgres.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  // esbuild writes strings in ASCII but keeps comments as they are. One character beyond Latin-1 (—, →, ₹) in a
  // comment makes V8 keep the whole source text, which it holds while the server runs, at two bytes a
  // character (2.9 MB instead of 1.4 MB): those characters become `\uXXXX` text. Only comments hold them, and a
  // comment is the last thing on its line, so the source map's columns stay right.
  for (const output of Object.keys(result.metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const file = isAbsolute(output) ? output : join(root, output);
    const code = readFileSync(file, 'utf8');
    const ascii = code.replace(
      /[\u0080-\uffff]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    if (ascii !== code) writeFileSync(file, ascii);
  }
  return result.metafile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log('Built the server into dist/server');
}
