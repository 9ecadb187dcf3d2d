/** Category names as shown in the storefront (header, footer, listing headings) and in the server's page titles. */

/**
 * Upper-cases the first letter of every word and leaves the other letters alone:
 * "unstitched fabrics" → "Unstitched Fabrics", "HDMI cables" → "HDMI Cables".
 */
export function capitaliseWords(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('en-IN') + word.slice(1))
    .join(' ');
}
