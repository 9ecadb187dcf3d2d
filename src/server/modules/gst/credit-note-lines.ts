/**
 * The lines of a credit note (CGST Rule 53, CGST Act section 34) worked out from the invoice it refers to, for
 * a refund of `amountPaise` (docs/gst.md "Credit notes"). Pure; amounts in **paise**.
 *
 * - **Returned lines** (`items`: invoice line index and quantity, in the line's unit): each line keeps its
 *   description, HSN, rate and unit price with the returned quantity, its value the invoice line's pro rata
 *   (`round(total × quantity ÷ invoiced quantity)`); when less is refunded than the lines' value (a pickup
 *   fee kept), the values are scaled down to the refund; when more, the rest is credited on value.
 * - **On value** (no items: a goodwill or partial refund not tied to lines): the amount is spread over the
 *   invoice's lines (goods and charges) in proportion to their value, quantity 0.
 *
 * Either way each line's tax is the invoice line's split pro rata — the same rate, CGST + SGST or IGST — in
 * whole paise, and the line's taxable value is its value less that tax. Spreads give whole paise with the
 * remainder to the largest share.
 */
import type { TaxDocumentContent, TaxDocumentLine } from './tax-document-content';

/** A returned quantity of the invoice's line at `index` (its position among the invoice's lines). */
export type CreditNoteItem = { index: number; quantity: number };

/**
 * `total` split in proportion to `weights` in whole paise, the remainder (or excess) to the largest weight.
 * `spreadPaise(100, [1, 1, 1])` → `[34, 33, 33]`.
 */
export function spreadPaise(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || weights.length === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  const largest = weights.indexOf(Math.max(...weights));
  shares[largest]! += total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/** The invoice line `line` (at `index`) credited for `valuePaise` (and `quantity`), its tax split pro rata. */
function creditedLine(
  line: TaxDocumentLine,
  index: number,
  valuePaise: number,
  quantity: number,
): TaxDocumentLine {
  const ratio = line.totalPaise > 0 ? valuePaise / line.totalPaise : 0;
  const cgstPaise = Math.round(line.cgstPaise * ratio);
  const sgstPaise = Math.round(line.sgstPaise * ratio);
  const igstPaise = Math.round(line.igstPaise * ratio);
  return {
    ...line,
    quantity,
    unitPricePaise: quantity > 0 ? line.unitPricePaise : 0,
    taxableValuePaise: valuePaise - cgstPaise - sgstPaise - igstPaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalPaise: valuePaise,
    invoiceLine: index,
  };
}

/** The totals of credit note lines (as an invoice's). */
export function documentTotals(lines: TaxDocumentLine[]): TaxDocumentContent['totals'] {
  const sum = (pick: (line: TaxDocumentLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxableValuePaise: sum((line) => line.taxableValuePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    taxPaise: sum((line) => line.cgstPaise + line.sgstPaise + line.igstPaise),
    totalPaise: sum((line) => line.totalPaise),
  };
}

/**
 * The lines crediting `amountPaise` of `invoice`: its returned `items` (when any), else on value (see the
 * module comment). Lines whose value comes to 0 are left out.
 */
export function creditNoteLines(
  invoice: Pick<TaxDocumentContent, 'lines'>,
  amountPaise: number,
  items: CreditNoteItem[] = [],
): TaxDocumentLine[] {
  const returned = items
    .map((item) => ({ item, line: invoice.lines[item.index] }))
    .filter((entry): entry is { item: CreditNoteItem; line: TaxDocumentLine } => entry.line !== undefined);
  if (returned.length > 0) {
    const values = returned.map(({ item, line }) =>
      line.quantity > 0
        ? Math.round((line.totalPaise * Math.min(item.quantity, line.quantity)) / line.quantity)
        : 0,
    );
    const linesValue = values.reduce((a, b) => a + b, 0);
    const scaled = linesValue >= amountPaise ? spreadPaise(amountPaise, values) : values;
    const lines = returned
      .map(({ item, line }, index) =>
        creditedLine(line, item.index, scaled[index]!, Math.min(item.quantity, line.quantity)),
      )
      .filter((line) => line.totalPaise > 0);
    // More refunded than the lines are worth (a charge refunded too): the rest is credited on value.
    return amountPaise > linesValue
      ? [...lines, ...creditNoteLines(invoice, amountPaise - linesValue)]
      : lines;
  }
  const shares = spreadPaise(
    amountPaise,
    invoice.lines.map((line) => Math.max(0, line.totalPaise)),
  );
  return invoice.lines
    .map((line, index) => creditedLine(line, index, shares[index]!, 0))
    .filter((line) => line.totalPaise > 0);
}

/**
 * What is left of `invoice` after the credit notes `earlier` (their lines), line by line and head by head, so
 * that all the credit notes together reverse the invoice exactly: each invoice line less what earlier notes
 * credited from it (quantity, taxable value, CGST, SGST, IGST, total). Null when an earlier note has a line
 * that does not say which invoice line it credits (then the caller credits what is left on value).
 */
export function remainingLines(
  invoice: Pick<TaxDocumentContent, 'lines'>,
  earlier: TaxDocumentLine[][],
): TaxDocumentLine[] | null {
  const left = invoice.lines.map((line, index) => ({ ...line, invoiceLine: index }));
  for (const credited of earlier.flat()) {
    const from = credited.invoiceLine === undefined ? undefined : left[credited.invoiceLine];
    if (!from) return null;
    from.quantity = Math.round((from.quantity - credited.quantity) * 1000) / 1000;
    from.taxableValuePaise -= credited.taxableValuePaise;
    from.cgstPaise -= credited.cgstPaise;
    from.sgstPaise -= credited.sgstPaise;
    from.igstPaise -= credited.igstPaise;
    from.totalPaise -= credited.totalPaise;
  }
  return left
    .filter((line) => line.totalPaise > 0)
    .map((line) => (line.quantity > 0 ? line : { ...line, quantity: 0, unitPricePaise: 0 }));
}
