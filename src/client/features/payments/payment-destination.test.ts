import { describe, expect, it } from 'vitest';
import { allowedDestination } from './payment-destination';

const PAGE = 'https://shop.example.in';
const GATEWAY = 'https://secure.payu.in';
const UPI = 'upi://pay?pa=resham@okicici&pn=Resham&am=1299.00&cu=INR&tn=RS-7KQ29XD3';

describe('allowedDestination', () => {
  it('allows upi: URIs, relative paths, the page origin and announced gateway origins', () => {
    expect(allowedDestination(UPI, [], PAGE)).toBe(UPI);
    expect(allowedDestination('/api/v1/payments/redirect/abc', [], PAGE)).toBe(
      `${PAGE}/api/v1/payments/redirect/abc`,
    );
    expect(allowedDestination(`${PAGE}/order-success?orderId=RS-1`, [], PAGE)).toBe(
      `${PAGE}/order-success?orderId=RS-1`,
    );
    expect(allowedDestination(`${GATEWAY}/_payment`, [GATEWAY], PAGE)).toBe(`${GATEWAY}/_payment`);
    // An announced origin given as a full URL counts by its origin.
    expect(allowedDestination(`${GATEWAY}/_payment`, [`${GATEWAY}/merchant/x`], PAGE)).toBe(
      `${GATEWAY}/_payment`,
    );
  });

  it('refuses javascript:, data:, other schemes and other origins', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://evil.example/pay',
      '//evil.example/pay',
      'https://shop.example.in.evil.example/',
      'http://shop.example.in/pay', // same host, other scheme: another origin
      'https://user:pass@shop.example.in/pay',
      'ftp://shop.example.in/file',
      'intent://pay#Intent;scheme=upi;end',
      `${GATEWAY}/_payment`, // not announced
    ]) {
      expect(allowedDestination(url, [], PAGE), url).toBeNull();
    }
    expect(allowedDestination('http://evil.example/pay', [GATEWAY], PAGE)).toBeNull();
  });
});
