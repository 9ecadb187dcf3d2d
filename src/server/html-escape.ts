/**
 * HTML escaping for every page and mail the server writes (order e-mails, the payment pages, the storefront
 * page heads, the sitemap): the five characters that could end an element or an attribute are written as
 * entities, so a value can go into element content or a quoted attribute value.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * `value` as text for HTML element content and quoted attribute values (`&`, `<`, `>`, `"`, `'` as entities);
 * null and undefined become the empty string, anything else its `String()`.
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}
