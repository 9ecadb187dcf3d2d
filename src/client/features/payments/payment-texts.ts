/** The Payment page's texts (docs/product.md §2 "Payment", §4 "Payment flow", §8 "Orders and payment"), exact. */

export const PAYMENT_TITLE = 'Complete Your Payment';
export const QR_TITLE = 'Scan QR Code to Complete Payment';
export const ORDER_ID_MISSING = 'Order ID is missing. Please return to checkout.';
export const FIELDS_LOAD_ERROR = 'Failed to load payment form. Please try again later.';
export const PAYMENT_CALL_FAILED = 'Failed to process payment. Please try again later.';
export const UNKNOWN_PAYMENT_ERROR = 'Unknown error occurred during payment process';
export const RETURN_TO_CHECKOUT = 'Return to checkout';
export const PAYMENT_INITIATED_TITLE = 'Payment initiated';
export const PAYMENT_INITIATED_DESCRIPTION = 'Your payment is being processed';
export const VALIDATION_ERROR_TITLE = 'Validation Error';
export const VALIDATION_ERROR_DESCRIPTION = 'Please correct the errors in the form';
export const PAY_LABEL = 'Pay Now';
/** The submit button once cash on delivery is chosen: nothing is paid now, the order is placed. */
export const PLACE_ORDER_LABEL = 'Place order';
/** The payment method whose button reads {@link PLACE_ORDER_LABEL}. */
export const CASH_ON_DELIVERY_METHOD = 'cod';
export const PROCESSING_LABEL = 'Processing...';
/** The gateway's failure return (`/payment?orderId=…&status=failed`): the order is still Pending. */
export const PAYMENT_FAILED_NOTICE = 'Payment failed or was cancelled. You can try again.';
export const SCAN_HINT = 'Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM)';
export const OPEN_UPI_APP = 'Open UPI app';
export const COPY_UPI_ID = 'Copy';
export const COPIED = 'Copied';
/** When the browser lets no page copy: the UPI ID is selected for the shopper. */
export const COPY_BY_HAND = 'Copying is blocked here: the UPI ID is selected, copy it yourself.';
export const I_HAVE_PAID = 'I have paid';
export const UTR_LABEL = 'UTR (12-digit UPI transaction reference), optional';
