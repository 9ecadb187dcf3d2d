/**
 * The natural order of sizes, wherever sizes are listed (the listing's size filter, the product page's size
 * buttons, the size chart, the admin's variant matrix): smallest first, the way a shopper reads a size range,
 * never alphabetical ('L, M, S, XL' reads as nonsense). Pure and dependency-free: the server orders the size
 * facet and a product's size values with it, the storefront and the admin the sizes they list.
 *
 * The order, group by group:
 * 1. letter sizes, smallest first: … 3XS, XXS (= 2XS), XS, S, M, L, XL, XXL (= 2XL), XXXL (= 3XL), 4XL, 5XL …;
 *    letter case, spaces and dashes do not matter ('x-l' is XL), and the words Small, Medium and Large
 *    (with 'Extra' or X in front: 'Extra Large', 'XX-Large') count as S, M and L;
 * 2. sizes that start with a number, by that number ascending: 28, 30, 32 … (decimals too: 7, 7.5, 8), and
 *    texts after their number such as '2-3 Years' or '32 W' by their first number ('2-3 Years', '4-5 Years',
 *    '10-11 Years'), a bare number before a text with the same number;
 * 3. free sizes: 'Free Size', 'One Size', 'Freesize', 'Free', 'One Size Fits All';
 * 4. any other text, alphabetically (letter case ignored).
 * Sizes of the same place ('XXL' and '2XL', 'M' and 'm', '28' and '28.0') are ordered by their text, letter
 * case ignored first and then by code point, so the order is total: only the same text compares equal, and
 * every list sorts the same way on the server and in any browser (no locale collation).
 */

/** The groups of {@link compareSizes}, in their order. */
const LETTER = 0;
const NUMBER = 1;
const FREE = 2;
const OTHER = 3;

/** Where a size stands: its group, its place within the group, and for numbers whether text follows it. */
type SizePlace = { group: number; rank: number; bare: boolean };

/** Free-size names, lower case without spaces or dashes. */
const FREE_SIZES = new Set(['freesize', 'onesize', 'free', 'onesizefitsall']);

/** `[digits]X…` followed by S or L (`3xl`, `xxs`, `l`), or M alone. */
const LETTER_SIZE = /^(?:(\d+)x|(x*))([sl])$|^m$/;
/** A number at the start of the text, and what follows it. */
const LEADING_NUMBER = /^(\d+(?:\.\d+)?)(.*)$/;

/**
 * The place of a letter size on one scale: M is 0, L is 1, XL 2, XXL / 2XL 3 …, S is -1, XS -2, XXS / 2XS -3 …;
 * null for a text that is no letter size (also '0XL').
 */
function letterRank(compact: string): number | null {
  const spelled = compact.replace(/extra/g, 'x').replace(/(small|medium|large)$/, (word) => word[0]!);
  const match = LETTER_SIZE.exec(spelled);
  if (!match) return null;
  const [, digits, xs, letter] = match;
  if (letter === undefined) return 0;
  const extra = digits !== undefined ? Number(digits) : xs!.length;
  if (digits !== undefined && extra === 0) return null;
  return letter === 'l' ? 1 + extra : -(1 + extra);
}

/** The place of `size` in the natural order (see the module's comment). */
function placeOf(size: string): SizePlace {
  const trimmed = size.trim().toLowerCase();
  const compact = trimmed.replace(/[\s_.-]+/g, '');
  const letter = letterRank(compact);
  if (letter !== null) return { group: LETTER, rank: letter, bare: true };
  const number = LEADING_NUMBER.exec(trimmed);
  if (number) return { group: NUMBER, rank: Number(number[1]), bare: number[2] === '' };
  if (FREE_SIZES.has(compact)) return { group: FREE, rank: 0, bare: true };
  return { group: OTHER, rank: 0, bare: true };
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (never NaN, also for two infinities). */
const order = <T extends number | string>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Compares two sizes in their natural order (see the module's comment): negative when `a` comes first,
 * positive when `b` does, 0 only for the same text. A comparator for `Array.prototype.sort`:
 * `['L', 'M', 'One Size', 'S', 'XL', 'XXL'].sort(compareSizes)` gives `['S', 'M', 'L', 'XL', 'XXL', 'One Size']`.
 */
export function compareSizes(a: string, b: string): number {
  if (a === b) return 0;
  const first = placeOf(a);
  const second = placeOf(b);
  return (
    order(first.group, second.group) ||
    order(first.rank, second.rank) ||
    order(first.bare ? 0 : 1, second.bare ? 0 : 1) ||
    order(a.toLowerCase(), b.toLowerCase()) ||
    order(a, b)
  );
}

/** A copy of `sizes` in their natural order ({@link compareSizes}); the list given is left as it is. */
export function sortSizes(sizes: readonly string[]): string[] {
  return [...sizes].sort(compareSizes);
}
