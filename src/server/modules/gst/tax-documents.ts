/**
 * Issuing tax documents (docs/gst.md), inside the transaction of the order's move
 * (../orders/order-lifecycle.ts): the tax invoice — or the bill of supply of a store not registered under
 * GST — when the order ships (the time of supply of goods, CGST Act section 12), and a credit note referring
 * to it when a shipped order is cancelled (CGST Act section 34). Each is numbered from the store's counter of
 * the financial year (./document-number.ts) and kept with everything it prints. Amounts in paise.
 */
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { isValidGstin, normaliseGstin } from '@shared/gst/gstin';
import type { Db } from '../../db/database';
import { taxDocuments } from '../../db/schema/gst-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { stores } from '../../db/schema/store-tables';
import { storedAddOnsOf } from '../add-ons/order-add-ons';
import { creditNoteLines, remainingLines } from './credit-note-lines';
import { creditedPaise, creditNoteLinesOf, insertCreditNote, type IssuedDocument } from './credit-notes';
import { financialYearOf, formatDocumentNumber, nextSequence } from './document-number';
import { orderTax } from './order-tax';
import { taxDocumentContent, type DocumentSource, type TaxDocumentContent } from './tax-document-content';

export { CREDIT_NOTE_PREFIX, type IssuedDocument } from './credit-notes';

/** The order `orderId` of `storeId` with its lines, store and the payer's GSTIN, as a {@link DocumentSource}. */
async function documentSource(
  tx: Db,
  storeId: number,
  orderId: string,
): Promise<DocumentSource & { invoicePrefix: string }> {
  const [row] = await tx
    .select({ order: orders, store: stores })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!row) throw new Error(`order ${orderId} of store ${storeId} not found`);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.position));
  const [paid] = await tx
    .select({ payer: payments.payer })
    .from(payments)
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.orderId, orderId),
        // A cash-on-delivery order ships before its cash is collected: its open `cod` payment names the payer.
        or(
          eq(payments.status, 'succeeded'),
          and(eq(payments.provider, 'cod'), eq(payments.status, 'initiated')),
        ),
      ),
    )
    .orderBy(desc(payments.updatedAt))
    .limit(1);
  const gstin = paid?.payer?.gstin ? normaliseGstin(paid.payer.gstin) : null;
  const { order, store } = row;
  const titleOf = new Map(lines.map((line) => [line.id, line.productTitle]));
  const addOns = (await storedAddOnsOf(tx, storeId, [orderId])).map((addOn) => ({
    description: `${addOn.title} — ${titleOf.get(addOn.orderLineId) ?? ''}`,
    sac: addOn.sac,
    quantity: addOn.quantity,
    unitPricePaise: addOn.unitPricePaise,
    totalPaise: addOn.totalPaise,
    gstRate: Number(addOn.gstRate),
    taxableValuePaise: addOn.taxableValuePaise,
    cgstPaise: addOn.cgstPaise,
    sgstPaise: addOn.sgstPaise,
    igstPaise: addOn.igstPaise,
  }));
  const payer = {
    gstin: gstin && isValidGstin(gstin) ? gstin : null,
    businessName: paid?.payer?.businessName ?? null,
  };
  if (order.placeOfSupplyCode !== null)
    return { ...order, store, payer, lines, addOns, invoicePrefix: store.invoicePrefix };
  // Placed before GST was recorded: taxed now from the line snapshots and the store's registration, by the
  // rules alone (the product's own rate may have changed since).
  const tax = orderTax(
    { state: store.state, gstin: store.gstin, gstDefaults: {} },
    order.state,
    lines.map((line) => ({
      position: line.position,
      hsn: null,
      gstRate: null,
      category: null,
      parentCategory: null,
      unit: line.unit === 'm' ? ('m' as const) : ('piece' as const),
      unitPricePaise: line.unitPricePaise,
      lineTotalPaise: line.lineTotalPaise,
    })),
  );
  return {
    ...order,
    supplierGstin: tax.supplierGstin,
    supplierStateCode: tax.supplierStateCode,
    placeOfSupplyCode: tax.placeOfSupplyCode,
    store,
    payer,
    addOns,
    lines: lines.map((line, index) => {
      const taxed = tax.lines[index]!;
      return {
        ...line,
        gstRate: taxed.ratePercent,
        taxableValuePaise: taxed.taxableValuePaise,
        taxPaise: taxed.taxPaise,
        cgstPaise: taxed.cgstPaise,
        sgstPaise: taxed.sgstPaise,
        igstPaise: taxed.igstPaise,
      };
    }),
    invoicePrefix: store.invoicePrefix,
  };
}

/**
 * Issues the order's tax invoice (or bill of supply) at `issuedAt`, unless it has one: numbered
 * `<prefix>/<FY>/<NNNNNN>` from the store's `invoice` series. Call inside the shipping transaction.
 */
export async function issueInvoice(
  tx: Db,
  storeId: number,
  orderId: string,
  issuedAt = new Date(),
): Promise<IssuedDocument> {
  const existing = await findInvoice(tx, storeId, orderId);
  if (existing) return existing;
  const source = await documentSource(tx, storeId, orderId);
  const financialYear = financialYearOf(issuedAt);
  const number = formatDocumentNumber(
    source.invoicePrefix,
    financialYear,
    await nextSequence(tx, storeId, financialYear, 'invoice'),
  );
  const content = taxDocumentContent(source, 'tax-invoice', number, issuedAt);
  const [row] = await tx
    .insert(taxDocuments)
    .values({ storeId, orderId, kind: content.kind, number, financialYear, issuedAt, document: content })
    .returning({ id: taxDocuments.id });
  return { id: row!.id, content };
}

/**
 * Issues the credit note of a shipped order cancelled (a parcel refused or returned to origin) at `issuedAt`:
 * every line of its invoice, or — when refunds already credited part of it — what is left of each line and
 * tax head, so that the credit notes together reverse the invoice exactly (./credit-note-lines.ts; on value
 * when an older note does not name its lines). Null when the order has no invoice (it never shipped) or nothing
 * is left to credit.
 */
export async function issueCreditNote(
  tx: Db,
  storeId: number,
  orderId: string,
  issuedAt = new Date(),
): Promise<IssuedDocument | null> {
  const invoice = await findInvoice(tx, storeId, orderId);
  if (!invoice) return null;
  const credited = await creditedPaise(tx, storeId, invoice.id);
  const left = invoice.content.totals.totalPaise - credited;
  if (left <= 0) return null;
  const lines =
    credited === 0
      ? invoice.content.lines.map((line, index) => ({ ...line, invoiceLine: index }))
      : (remainingLines(invoice.content, await creditNoteLinesOf(tx, storeId, invoice.id)) ??
        creditNoteLines(invoice.content, left));
  return insertCreditNote(tx, storeId, orderId, invoice, lines, issuedAt);
}

/**
 * Issues the credit note of a refund of `amountPaise` at `issuedAt` (CGST Rule 53): the returned order lines
 * `items` (order line id and quantity in the line's unit) with the tax split of their invoice lines pro rata,
 * or — without items — a credit note on value. Never more than the invoice less its earlier credit notes.
 * Null when the order has no invoice or bill of supply (it never shipped: nothing to credit) or nothing is left
 * to credit (a cancelled shipped order's credit note already reversed it all).
 */
export async function issueRefundCreditNote(
  tx: Db,
  storeId: number,
  orderId: string,
  amountPaise: number,
  items: { orderLineId: number; quantity: number }[] = [],
  issuedAt = new Date(),
): Promise<IssuedDocument | null> {
  const invoice = await findInvoice(tx, storeId, orderId);
  if (!invoice) return null;
  const left = invoice.content.totals.totalPaise - (await creditedPaise(tx, storeId, invoice.id));
  const amount = Math.min(amountPaise, left);
  if (amount <= 0) return null;
  const lineIds = items.map((item) => item.orderLineId);
  const positions =
    lineIds.length === 0
      ? []
      : await tx
          .select({ id: orderLines.id })
          .from(orderLines)
          .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
          .orderBy(asc(orderLines.position));
  const indexOf = new Map(positions.map((row, index) => [row.id, index]));
  const returned = items.flatMap((item) => {
    const index = indexOf.get(item.orderLineId);
    return index === undefined ? [] : [{ index, quantity: item.quantity }];
  });
  const lines = creditNoteLines(invoice.content, amount, returned);
  return insertCreditNote(tx, storeId, orderId, invoice, lines, issuedAt);
}

/** The order's credit notes, oldest first. */
export async function findCreditNotes(db: Db, storeId: number, orderId: string): Promise<IssuedDocument[]> {
  const rows = await db
    .select({ id: taxDocuments.id, document: taxDocuments.document })
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.storeId, storeId),
        eq(taxDocuments.orderId, orderId),
        inArray(taxDocuments.kind, ['credit-note']),
      ),
    )
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
  return rows.map((row) => ({ id: row.id, content: row.document as TaxDocumentContent }));
}

/** The order's tax invoice or bill of supply, or null. */
export async function findInvoice(db: Db, storeId: number, orderId: string): Promise<IssuedDocument | null> {
  return findDocument(db, storeId, orderId, ['tax-invoice', 'bill-of-supply']);
}

/** The order's credit note, or null. */
export async function findCreditNote(
  db: Db,
  storeId: number,
  orderId: string,
): Promise<IssuedDocument | null> {
  return findDocument(db, storeId, orderId, ['credit-note']);
}

async function findDocument(
  db: Db,
  storeId: number,
  orderId: string,
  kinds: string[],
): Promise<IssuedDocument | null> {
  const rows = await db
    .select({ id: taxDocuments.id, kind: taxDocuments.kind, document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.storeId, storeId), eq(taxDocuments.orderId, orderId)));
  const found = rows.find((row) => kinds.includes(row.kind));
  return found ? { id: found.id, content: found.document as TaxDocumentContent } : null;
}
