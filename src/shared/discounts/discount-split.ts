/**
 * Sharing an order-level discount across the lines it applies to (docs/discounts.md "Tax"; CGST Act s. 15(3)(a):
 * a discount shown on the invoice is not part of the value of supply, so each line's taxable value is lowered
 * by its own share). Whole paise: each line gets ⌊discount × its value ÷ the lines' value⌋ and what is left
 * over goes to the largest line (the first of equals), so the shares always add up to the discount. No line
 * is ever given more than its own value (a leftover the largest line cannot take goes to the next largest).
 */

/**
 * The share of `discountPaise` of each line of `lineValuesPaise` (same order), in paise.
 * `splitDiscount(100, [300, 100])` → `[75, 25]`; `splitDiscount(100, [100, 100, 100])` → `[34, 33, 33]`.
 * @throws {RangeError} for a negative or fractional amount, or a discount above the lines' value.
 */
export function splitDiscount(discountPaise: number, lineValuesPaise: readonly number[]): number[] {
  const whole = (value: number) => Number.isSafeInteger(value) && value >= 0;
  if (!whole(discountPaise) || !lineValuesPaise.every(whole)) {
    throw new RangeError('amounts must be whole, non-negative paise');
  }
  const totalPaise = lineValuesPaise.reduce((sum, value) => sum + value, 0);
  if (discountPaise > totalPaise) throw new RangeError('the discount is above the lines’ value');
  if (discountPaise === 0 || totalPaise === 0) return lineValuesPaise.map(() => 0);
  // BigInt: discount × value may pass 2^53 for large orders.
  const shares = lineValuesPaise.map((value) =>
    Number((BigInt(discountPaise) * BigInt(value)) / BigInt(totalPaise)),
  );
  let leftover = discountPaise - shares.reduce((sum, share) => sum + share, 0);
  const largestFirst = lineValuesPaise
    .map((value, index) => ({ value, index }))
    .sort((a, b) => b.value - a.value || a.index - b.index);
  for (const { value, index } of largestFirst) {
    if (leftover === 0) break;
    const room = value - shares[index]!;
    const given = Math.min(room, leftover);
    shares[index]! += given;
    leftover -= given;
  }
  return shares;
}
