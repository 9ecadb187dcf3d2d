/**
 * The refusals of the admin's refund steps (docs/returns.md "Refunds"), each a sentence the owner reads. The
 * refund above what is left is `refundLeftMessage` (src/shared/returns/return-rules.ts).
 */

/** 409: the order has no succeeded payment (or its cash was never collected). */
export const NOTHING_PAID_MESSAGE = 'Nothing has been paid for this order, so there is nothing to refund';
/** 400: a gateway refund of an order paid by UPI. */
export const UPI_HAS_NO_GATEWAY_REFUND =
  'This order was paid by UPI, which has no gateway refund: refund it by UPI or bank transfer, then record it here with its UTR';
/** 400: a gateway refund of an order paid in cash on delivery. */
export const COD_HAS_NO_GATEWAY_REFUND =
  'This order was paid in cash on delivery, which has no gateway refund: refund it by UPI, bank transfer or cash, then record it here';
/** 409: the gateway that took the payment is not this shop's gateway now (sandbox payment on a live shop …). */
export const GATEWAY_NOT_CONFIGURED =
  'The payment gateway that took this payment is not set up on this shop now: refund it by UPI or bank transfer, then record it here';
/** 409: the gateway payment has no PayU ID to refund against. */
export const NO_GATEWAY_PAYMENT_ID =
  'The gateway did not report a payment ID for this payment: refund it by UPI or bank transfer, then record it here';
/** 404: `returnId` is not a return of this order. */
export const RETURN_NOT_OF_ORDER = 'This order has no such return';
/** 404: `refundId` is not a refund of this order. */
export const REFUND_NOT_FOUND = 'This order has no such refund';
/** 409: retrying a refund that is processed, or not a gateway refund. */
export const ONLY_FAILED_GATEWAY_RETRY = 'Only a failed or unanswered gateway refund can be retried';
/** 400 (`fields.reference`): a UPI or bank refund recorded without its UTR or reference. */
export const REFERENCE_REQUIRED = 'Please enter the UTR or reference of the refund';
