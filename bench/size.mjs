// `npm run size`: the home page's first-load JavaScript, gzipped — the first script, the module scripts it
// loads (its `data-modules`), and every chunk the built index.html preloads (lazy route chunks are not counted). Budget: ≤ 100 KB (docs/decisions/005-first-load-budget.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt } from '../scripts/ensure-built.mjs';

const BUDGET_BYTES = 100 * 1024;
const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist/client');

ensureBuilt({ client: true });
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((match) => match[1]);
for (const match of html.matchAll(/data-modules="([^"]+)"/g)) scripts.push(...match[1].split(' '));
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map(
  (match) => match[1],
);

const measure = (files) =>
  [...new Set(files)].map((file) => {
    const content = readFileSync(join(dist, file));
    return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
const js = measure(scripts);
const css = measure(styles);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const row of [...js, ...css])
  console.log(`${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(9)} gzip`);
const totalJs = js.reduce((sum, row) => sum + row.gzip, 0);
const totalCss = css.reduce((sum, row) => sum + row.gzip, 0);
console.log(
  `\nHome first-load JavaScript: ${kb(totalJs)} gzipped (${totalJs} of ${BUDGET_BYTES} bytes); CSS ${kb(totalCss)} gzipped`,
);
const ok = totalJs <= BUDGET_BYTES && js.length > 0;
console.log(ok ? 'PASS' : 'FAIL');
process.exit(ok ? 0 : 1);
