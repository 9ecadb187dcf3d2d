/**
 * Text that people typed (names, addresses), made safe to put into an e-mail. Mail clients turn anything that
 * looks like a web address into a link, and sign-up or checkout lets anyone choose a name and the address the
 * mail goes to: a name such as `Win a prize at www.example.com` would arrive as a clickable link sent by the
 * shop. So names in mails are plain text, capped in length, and never links:
 *
 * - control characters become spaces, invisible formatting characters (zero-width spaces, direction
 *   overrides) are removed — except the zero-width joiner and non-joiner, which Indian scripts need to spell
 *   names — and runs of white space become one space;
 * - a name is cut to {@link MAIL_NAME_MAX_LENGTH} characters, ending in `…`;
 * - web addresses are broken the way security advisories "defang" them: `://` becomes `[:]//` and a dot
 *   between two characters becomes `[.]` (`www[.]example[.]com`), which no mail client links; a dot before a
 *   space (`Dr. Rao`) is kept;
 * - the HTML part escapes the result (`escapeHtml`, src/server/html-escape.ts).
 */

/** Longest name shown in a mail, in characters (Unicode code points), the ellipsis included. */
export const MAIL_NAME_MAX_LENGTH = 60;

// Control characters (Cc), read as spaces.
const CONTROL = /\p{Cc}/gu;
// Invisible formatting characters (Cf: zero-width space, bidi marks and overrides, soft hyphen), removed; the
// zero-width non-joiner and joiner (U+200C, U+200D) stay: Devanagari, Malayalam and other Indian scripts need
// them to write names.
const INVISIBLE = /(?![\u200c\u200d])\p{Cf}/gu;

/** `text` without invisible characters, with runs of white space as one space, trimmed. */
const visible = (text: string) =>
  text.replace(CONTROL, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();

// Full stops that some clients read as the dot of a domain name: ASCII, ideographic, full-width, half-width.
const LINKABLE_DOT = /[.\u3002\uff0e\uff61](?=\S)/g;
const SCHEME_SEPARATOR = /:\/\//g;

/**
 * `text` as plain words a mail client will not turn into a link: invisible characters removed, white space
 * collapsed, `://` and dots inside words broken (`www.example.com` → `www[.]example[.]com`). No length cap.
 */
export function plainMailText(text: string): string {
  return visible(text).replace(SCHEME_SEPARATOR, '[:]//').replace(LINKABLE_DOT, '[.]');
}

/**
 * A person's or business's name for a mail: {@link plainMailText}, cut to `max` characters with `…`
 * (`plainMailName('Visit http://win.example now')` → `'Visit http[:]//win[.]example now'`).
 * @param max the cap in characters, the ellipsis included (default {@link MAIL_NAME_MAX_LENGTH}).
 */
export function plainMailName(name: string, max: number = MAIL_NAME_MAX_LENGTH): string {
  const characters = [...visible(name)];
  const capped =
    characters.length > max
      ? `${characters
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : characters.join('');
  return plainMailText(capped);
}
