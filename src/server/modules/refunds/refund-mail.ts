/**
 * 'Refund processed' (docs/returns.md "Refunds"): the shopper's mail when a refund of their order is processed,
 * written to the outbox in the refund's transaction, with the GST credit note issued for it attached as a PDF
 * (CGST Rule 53) when there is one. Amounts in paise until formatted by the one money rule.
 */
import type { RefundMethod } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { enqueueMail } from '../mail/outbox';
import { shopNameOf } from '../mail/shop-sender';
import { invoiceAttachment } from '../gst/invoice-attachment';
import type { TaxDocumentContent } from '../gst/tax-document-content';
import { customerMessage, trackingHint } from '../orders/lifecycle-mail';
import { readMailOrder, rupeesOf } from '../orders/order-mail-lines';

/** How the money goes back, as the shopper reads it. */
const HOW: Record<RefundMethod, string> = {
  gateway:
    'to the card, bank account or wallet you paid with (your bank may take 5–7 working days to show it)',
  upi: 'by UPI',
  bank: 'by bank transfer',
  cash: 'in cash',
};

/** The refund as the mail tells it (paise). */
export type ProcessedRefund = {
  amountPaise: number;
  method: RefundMethod;
  reference: string | null;
  reason: string;
};

/**
 * Queues 'Refund of ₹1,999 processed for order RS-… – Shop' to the order's e-mail, with `creditNote` attached.
 * Does nothing for an order that no longer exists.
 */
export async function enqueueRefundProcessedMail(
  tx: Db,
  storeId: number,
  orderId: string,
  refund: ProcessedRefund,
  creditNote: TaxDocumentContent | null,
  mailFrom: string | undefined,
): Promise<void> {
  const order = await readMailOrder(tx, storeId, orderId);
  if (!order) return;
  const amount = rupeesOf(refund.amountPaise);
  const message = customerMessage(
    order,
    {
      subject: `Refund of ${amount} processed for order ${order.orderNumber} – ${shopNameOf(order.store)}`,
      before: [
        `We have refunded ${amount} for your order ${order.orderNumber} ${HOW[refund.method]}${refund.reference ? ` (reference ${refund.reference})` : ''}.`,
        `Reason: ${refund.reason}`,
        ...(creditNote
          ? [
              `Credit note ${creditNote.number} against invoice ${creditNote.refersTo?.number ?? ''} is attached.`,
            ]
          : []),
      ],
      after: [trackingHint(order.orderNumber)],
    },
    mailFrom,
  );
  await enqueueMail(tx, storeId, {
    ...message,
    ...(creditNote ? { attachments: [await invoiceAttachment(creditNote)] } : {}),
  });
}
