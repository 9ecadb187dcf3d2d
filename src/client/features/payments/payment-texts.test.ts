import { describe, expect, it } from 'vitest';

describe('the storefront texts', () => {
  it('are exact', async () => {
    const texts = await import('./payment-texts');
    expect(texts.PAYMENT_TITLE).toBe('Complete Your Payment');
    expect(texts.QR_TITLE).toBe('Scan QR Code to Complete Payment');
    expect(texts.ORDER_ID_MISSING).toBe('Order ID is missing. Please return to checkout.');
    expect(texts.FIELDS_LOAD_ERROR).toBe('Failed to load payment form. Please try again later.');
    expect(texts.PAYMENT_CALL_FAILED).toBe('Failed to process payment. Please try again later.');
    expect(texts.UNKNOWN_PAYMENT_ERROR).toBe('Unknown error occurred during payment process');
    expect(texts.RETURN_TO_CHECKOUT).toBe('Return to checkout');
    expect(texts.PAYMENT_INITIATED_TITLE).toBe('Payment initiated');
    expect(texts.PAYMENT_INITIATED_DESCRIPTION).toBe('Your payment is being processed');
    expect(texts.VALIDATION_ERROR_TITLE).toBe('Validation Error');
    expect(texts.VALIDATION_ERROR_DESCRIPTION).toBe('Please correct the errors in the form');
    expect(texts.PROCESSING_LABEL).toBe('Processing...');
    expect(texts.SCAN_HINT).toBe('Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM)');
  });
});
