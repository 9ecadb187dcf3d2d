/** The lines of a credit note worked out from its invoice (docs/gst.md "Credit notes"): pro rata and on value. */
import { describe, expect, it } from 'vitest';
import { creditNoteLines, documentTotals, remainingLines, spreadPaise } from './credit-note-lines';
import type { TaxDocumentLine } from './tax-document-content';

const line = (fields: Partial<TaxDocumentLine>): TaxDocumentLine => ({
  description: 'Maroon Raw Silk Kurta',
  hsn: '6211',
  quantity: 2,
  unit: 'PCS',
  unitPricePaise: 280_000,
  ratePercent: 18,
  taxableValuePaise: 474_576,
  cgstRate: 0,
  cgstPaise: 0,
  sgstRate: 0,
  sgstPaise: 0,
  igstRate: 18,
  igstPaise: 85_424,
  totalPaise: 560_000,
  ...fields,
});
const kurtas = line({});
const fabric = line({
  description: 'Sanganeri Cotton Fabric',
  hsn: '5208',
  quantity: 2.5,
  unit: 'MTR',
  unitPricePaise: 45_000,
  ratePercent: 5,
  taxableValuePaise: 107_143,
  igstRate: 5,
  igstPaise: 5_357,
  totalPaise: 112_500,
});
const shipping = line({
  description: 'Shipping',
  hsn: '9965',
  quantity: 1,
  unit: 'NA',
  unitPricePaise: 9_900,
  taxableValuePaise: 8_390,
  igstPaise: 1_510,
  totalPaise: 9_900,
});
const invoice = { lines: [kurtas, fabric, shipping] };

describe('credit note lines', () => {
  it('spreads whole paise in proportion, the remainder to the largest share', () => {
    expect(spreadPaise(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadPaise(50_000, [129_900, 90_000])).toEqual([29_537, 20_463]);
    expect(spreadPaise(10, [0, 0])).toEqual([0, 0]);
    expect(spreadPaise(7, [3, 4])).toEqual([3, 4]);
  });

  it('returned lines: the quantity with the invoice line’s split pro rata', () => {
    const lines = creditNoteLines(invoice, 280_000 + 45_000, [
      { index: 0, quantity: 1 },
      { index: 1, quantity: 1 },
    ]);
    expect(lines).toEqual([
      {
        ...kurtas,
        quantity: 1,
        taxableValuePaise: 237_288,
        igstPaise: 42_712,
        totalPaise: 280_000,
        invoiceLine: 0,
      },
      {
        ...fabric,
        quantity: 1,
        taxableValuePaise: 42_857,
        igstPaise: 2_143,
        totalPaise: 45_000,
        invoiceLine: 1,
      },
    ]);
    expect(documentTotals(lines)).toEqual({
      taxableValuePaise: 280_145,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 44_855,
      taxPaise: 44_855,
      totalPaise: 325_000,
    });
  });

  it('less refunded than the lines (a pickup fee kept): values scaled down, quantities kept', () => {
    const [kurta] = creditNoteLines(invoice, 270_000, [{ index: 0, quantity: 1 }]);
    expect(kurta).toMatchObject({ quantity: 1, totalPaise: 270_000, igstPaise: 41_187 });
    expect(kurta!.taxableValuePaise + kurta!.igstPaise).toBe(270_000);
  });

  it('more refunded than the lines: the rest on value', () => {
    const lines = creditNoteLines(invoice, 290_000, [{ index: 0, quantity: 1 }]);
    expect(lines.map((entry) => [entry.description, entry.quantity, entry.totalPaise])).toEqual([
      ['Maroon Raw Silk Kurta', 1, 280_000],
      ['Maroon Raw Silk Kurta', 0, 8_207],
      ['Sanganeri Cotton Fabric', 0, 1_648],
      ['Shipping', 0, 145],
    ]);
  });

  it('what is left after earlier notes: line by line and head by head, so all of them reverse the invoice', () => {
    const first = creditNoteLines(invoice, 280_000, [{ index: 0, quantity: 1 }]);
    const second = creditNoteLines(invoice, 30_001);
    const rest = remainingLines(invoice, [first, second])!;
    const all = [...first, ...second, ...rest];
    for (const [index, original] of invoice.lines.entries()) {
      const of = all.filter((entry) => entry.invoiceLine === index);
      const sum = (pick: (entry: TaxDocumentLine) => number) =>
        of.reduce((total, entry) => total + pick(entry), 0);
      expect([
        sum((entry) => entry.totalPaise),
        sum((entry) => entry.igstPaise),
        sum((entry) => entry.quantity),
      ]).toEqual([original.totalPaise, original.igstPaise, original.quantity]);
    }
    expect(rest[0]).toMatchObject({ quantity: 1, unitPricePaise: 280_000 });
    expect(remainingLines(invoice, [[{ ...kurtas, invoiceLine: undefined }]])).toBeNull();
  });

  it('on value: spread over goods and charges, quantity 0, tax worked back from each line', () => {
    const lines = creditNoteLines(invoice, 68_240);
    expect(lines.map((entry) => [entry.quantity, entry.unitPricePaise, entry.totalPaise])).toEqual([
      [0, 0, 56_000],
      [0, 0, 11_250],
      [0, 0, 990],
    ]);
    expect(lines[0]).toMatchObject({ igstPaise: 8_542, taxableValuePaise: 47_458 });
    expect(lines[1]).toMatchObject({ igstPaise: 536, taxableValuePaise: 10_714 });
    expect(documentTotals(lines).totalPaise).toBe(68_240);
    // Within the state the halves follow the line's own CGST and SGST.
    const intra = creditNoteLines(
      {
        lines: [
          line({ igstRate: 0, igstPaise: 0, cgstRate: 9, cgstPaise: 42_712, sgstRate: 9, sgstPaise: 42_712 }),
        ],
      },
      56_000,
    );
    expect(intra[0]).toMatchObject({
      cgstPaise: 4_271,
      sgstPaise: 4_271,
      igstPaise: 0,
      taxableValuePaise: 47_458,
    });
  });
});
