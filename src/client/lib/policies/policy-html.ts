/**
 * The one way policy HTML becomes markup (docs/product.md §2 "Policy pages"): placeholders filled with HTML-escaped
 * company details, then sanitised by DOMPurify with its HTML profile, which drops `<script>`, event handler
 * attributes (`onerror=`, `onclick=`), `javascript:` URLs and everything else that could run. The storefront's
 * policy pages and the admin's policy preview both call {@link renderPolicyHtml}, so the owner previews
 * exactly what shoppers get. Import it only from lazily loaded pages: DOMPurify stays out of first loads.
 */
import DOMPurify from 'dompurify';
import { fillPolicyPlaceholders, type PolicyCompanyDetails } from './policy-placeholders';

let purifier = DOMPurify;

/**
 * Gives DOMPurify a DOM to work in where there is none (the server's renderer passes a jsdom window); the
 * browser's own document is used otherwise.
 */
export function setPolicySanitizerWindow(window: Parameters<typeof DOMPurify>[0]): void {
  purifier = DOMPurify(window);
}

/** The DOMPurify configuration of policy HTML: the HTML profile only (no SVG, no MathML). */
export const POLICY_SANITIZE_CONFIG = { USE_PROFILES: { html: true } } as const;

/**
 * Policy `source` HTML (with `{companyName}`-style placeholders) as safe markup for `innerHTML`.
 * @param details the company details the placeholders take (fallbacks when missing).
 */
export function renderPolicyHtml(source: string, details: PolicyCompanyDetails | null | undefined): string {
  return purifier.sanitize(fillPolicyPlaceholders(source, details), POLICY_SANITIZE_CONFIG);
}

/** Prose styles for the policy HTML (headings, paragraphs, lists, links). */
export const POLICY_PROSE_CLASS_NAME = [
  'text-stone-700 leading-relaxed',
  '[&_h2]:mt-8 [&_h2]:font-serif [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-stone-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-stone-900',
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:mt-1.5 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-stone-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_table]:mt-4 [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2',
  '[&>:first-child]:mt-0',
].join(' ');
