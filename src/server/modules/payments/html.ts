/**
 * The few server-rendered pages of the payment flow (the redirect bridge and the sandbox gateway): every
 * value escaped, no inline script (the app's CSP allows scripts from 'self' only), one inline style allowed by
 * its hash, and a page-specific Content-Security-Policy whose `form-action` names where the page's forms post.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../html-escape';

const PAGE_STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#faf7f2;color:#1f1a14}
main{max-width:34rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #e7dfd3;border-radius:.75rem}
h1{font-size:1.35rem;margin:0 0 1rem}
.test-mode{background:#b91c1c;color:#fff;font-weight:700;text-align:center;padding:.6rem;letter-spacing:.04em}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;margin:1rem 0}
dt{color:#6b5e4f}dd{margin:0;font-weight:600;word-break:break-all}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}
button{font:inherit;padding:.6rem 1.4rem;border-radius:.5rem;border:1px solid #8a6d3b;background:#8a6d3b;color:#fff;cursor:pointer}
button.failure{background:#fff;color:#b91c1c;border-color:#b91c1c}
.note{color:#6b5e4f;font-size:.9rem}
.error{color:#b91c1c}
`.trim();

const STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

/** The page-specific CSP: nothing but our script, our style and forms posting to `formTargets`. */
export function pageCsp(formTargets: readonly string[]): string {
  const formAction = ["'self'", ...new Set(formTargets)].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self' data:",
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The CSP of the page that opens Razorpay's Checkout (docs/payments.md "Razorpay"): our script and Razorpay's
 * Checkout script, Checkout's frame and calls on Razorpay's hosts, and its inline styles; forms post to
 * ourselves only. Every other page keeps the app's policy, which names no Razorpay host at all.
 */
export const RAZORPAY_CHECKOUT_CSP = [
  "default-src 'none'",
  "script-src 'self' https://checkout.razorpay.com",
  "style-src 'unsafe-inline' https://checkout.razorpay.com",
  'frame-src https://api.razorpay.com https://checkout.razorpay.com',
  'connect-src https://api.razorpay.com https://lumberjack.razorpay.com',
  "img-src 'self' data: https://cdn.razorpay.com",
  'font-src https://checkout.razorpay.com',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A complete page; `body` must already be escaped markup. `scripts` load in order, deferred. */
export function renderPage(options: {
  title: string;
  body: string;
  script?: string;
  scripts?: readonly string[];
}): string {
  const scripts = [...(options.scripts ?? []), ...(options.script ? [options.script] : [])];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    ...scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`),
    '</head>',
    `<body>${options.body}</body>`,
    '</html>',
  ].join('\n');
}

/**
 * The 400 page of a payment link that cannot go on (the bridge's, or Razorpay Checkout's): 'Payment link not
 * valid' and `message` (plain text, escaped here).
 */
export function linkNotValidPage(message: string): string {
  return renderPage({
    title: 'Payment link not valid',
    body: `<main><h1>Payment link not valid</h1><p class="error">${escapeHtml(message)}</p></main>`,
  });
}

/** The TEST MODE bar of a sandbox gateway's pages; `gateway` names it (plain text, escaped here). */
export function testModeBanner(gateway: string): string {
  return `<div class="test-mode" role="status">TEST MODE — ${escapeHtml(gateway)}. No money moves.</div>`;
}

/** A sandbox gateway's page for a request it refuses, under its `banner`; `message` is plain text. */
export function sandboxErrorPage(banner: string, message: string): string {
  return renderPage({
    title: 'Sandbox payment error (TEST MODE)',
    body: `${banner}<main><h1>Payment request refused</h1><p class="error">${escapeHtml(message)}</p>
<p class="note">Return to the shop and start the payment again.</p></main>`,
  });
}

/** `value` as a URL when it is an absolute http(s) URL; otherwise null. */
export function httpUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Hidden inputs for `fields`, escaped. */
export function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/**
 * Sends an HTML page with its own CSP (forms may post to `formTargets`; or a whole policy of its own), never
 * cached.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  formTargets: readonly string[] | { csp: string } = [],
): FastifyReply {
  return reply
    .code(status)
    .header('content-security-policy', 'csp' in formTargets ? formTargets.csp : pageCsp(formTargets))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The auto-submit script the bridge page loads (`script-src 'self'`): submits every
 * `form[data-auto-submit]` once the page is parsed.
 */
export const AUTO_SUBMIT_SCRIPT =
  "document.querySelectorAll('form[data-auto-submit]').forEach(function (form) { form.submit(); });\n";
