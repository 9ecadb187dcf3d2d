/**
 * The shop's WhatsApp number and the `wa.me` links built from it (docs/catalog-format.md `whatsappNumber`).
 * An Indian mobile number has 10 digits starting with 6, 7, 8 or 9 (the National Numbering Plan's mobile
 * series); it may be written with `+91`, `91` or `0` in front and with spaces or dashes. It is stored in E.164
 * form, `+919839041736`. Links use WhatsApp's public click-to-chat address, no API key:
 * `https://wa.me/919839041736?text=…` (the number without `+`, the text URL-encoded).
 */

/** The message of a number that is not an Indian mobile (the catalogue file and the settings screen). */
export const WHATSAPP_NUMBER_MESSAGE =
  'must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9, optionally after +91';

/**
 * `input` as E.164 (`+919839041736`), or null when it is not an Indian mobile number.
 * Accepts `98390 41736`, `+91 98390 41736`, `91-98390-41736`, `098390 41736`.
 */
export function normaliseWhatsappNumber(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+91|91|0)?([6-9][0-9]{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}

/** `+919839041736` → `+91 98390 41736`, for showing. */
export function formatWhatsappNumber(e164: string): string {
  const digits = e164.replace(/^\+91/, '');
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/** A click-to-chat link to `e164` (`+91…`) with `text` filled in: `https://wa.me/91…?text=…`. */
export function whatsappLink(e164: string, text: string): string {
  return `https://wa.me/${e164.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`;
}
