import { describe, expect, it } from 'vitest';
import { RAZORPAY_CHECKOUT_SCRIPT_URL, razorpayCheckoutPage } from './razorpay-checkout-page';

describe('our Razorpay Checkout page (docs/payments.md "Razorpay")', () => {
  const page = razorpayCheckoutPage({
    keyId: 'rzp_live_AbC123',
    orderId: 'order_Ksd3S2LQzBa7xy',
    attempt: {
      orderNumber: 'RS-7KQ29XD3',
      amountPaise: 279750,
      payer: {
        name: 'Asha </script><script>alert(1)</script>',
        email: 'asha@example.com',
        phone: '+919839041736',
      },
      shopName: 'Silk & Sons',
      payable: true,
    },
  });

  it('loads Razorpay’s script, then ours, and shows the amount and the order', () => {
    const scripts = [...page.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((match) => match[1]);
    expect(scripts).toEqual([RAZORPAY_CHECKOUT_SCRIPT_URL, '/api/v1/payments/razorpay/checkout.js']);
    expect(page).toContain('<h1>Pay ₹2,797.50 for order RS-7KQ29XD3</h1>');
    expect(page).toContain('<a href="/payment?orderId=RS-7KQ29XD3">Choose another way to pay</a>');
  });

  it('keeps the options a JSON data block that no text can close', () => {
    const block = /<script type="application\/json" id="razorpay-options">([^<]*)<\/script>/.exec(page)![1]!;
    expect(JSON.parse(block)).toEqual({
      key: 'rzp_live_AbC123',
      order_id: 'order_Ksd3S2LQzBa7xy',
      amount: 279750,
      currency: 'INR',
      name: 'Silk & Sons',
      description: 'Order RS-7KQ29XD3',
      prefill: {
        name: 'Asha </script><script>alert(1)</script>',
        email: 'asha@example.com',
        contact: '+919839041736',
      },
      notes: { orderNumber: 'RS-7KQ29XD3' },
    });
    expect(page.match(/<script/g)).toHaveLength(3);
  });
});
