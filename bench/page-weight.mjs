// `npm run bench:pages` (and part of `npm run bench`): the HTML of the demo shop's home page, a category listing
// and a product page as the built server sends it — its bytes on the wire for `Accept-Encoding: br`, for
// `gzip` and for none — against the one-round-trip budget: a first paint needs no more than the first
// ~14 KB a new connection may send (TCP's initial window of 10 segments), so a page ≤ 14 KB as sent
// (Brotli) PASSes. It also prints the inline CSS and the hydration data each page carries (uncompressed).
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';

const BUDGET_BYTES = 14 * 1024;

/** The body of `path` as sent for `encoding` (no automatic decoding) and the header that named it. */
async function sent(baseUrl, path, encoding) {
  const headers = encoding ? { 'accept-encoding': encoding } : { 'accept-encoding': 'identity' };
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          bytes: Buffer.concat(chunks),
          encoding: response.headers['content-encoding'] ?? 'identity',
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

ensureBuilt({ client: true });
const server = await startServer();
let failed = false;
try {
  const product = (
    await (await fetch(`${server.baseUrl}/api/v1/products?category=women&page=1&limit=1`)).json()
  ).data[0];
  const pages = [
    { name: 'home', path: '/' },
    { name: 'listing', path: '/products?category=women' },
    { name: 'product', path: `/product/${product.id}` },
  ];
  console.log(`Pages' HTML as sent (budget ${kb(BUDGET_BYTES)} as sent with Brotli: one round trip)`);
  console.log('page      brotli      gzip  identity  inline CSS  page data  result');
  for (const page of pages) {
    await sent(server.baseUrl, page.path, 'gzip'); // fills the page cache, as any visitor before would have
    const br = await sent(server.baseUrl, page.path, 'br, gzip');
    const gzip = await sent(server.baseUrl, page.path, 'gzip');
    const plain = await sent(server.baseUrl, page.path, null);
    const html = plain.bytes.toString('utf8');
    const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce(
      (sum, match) => sum + Buffer.byteLength(match[1]),
      0,
    );
    const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const asSent = br.encoding === 'br' ? br.bytes.length : gzip.bytes.length;
    const ok = asSent <= BUDGET_BYTES && plain.encoding === 'identity';
    failed ||= !ok;
    console.log(
      `${page.name.padEnd(8)} ${(br.encoding === 'br' ? kb(br.bytes.length) : 'no br').padStart(7)} ` +
        `${kb(gzip.bytes.length).padStart(9)} ${kb(plain.bytes.length).padStart(9)} ` +
        `${kb(inlineCss).padStart(11)} ${kb(Buffer.byteLength(data)).padStart(10)}  ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
