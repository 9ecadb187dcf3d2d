import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors';
import { SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT, type PaymentSettings } from '../settings';
import { newTxnId, payuFormData, payuProvider, payuText } from './payu-provider';
import { payuRequestHash, payuResponseHash, readPayuCallback, verifyPayuCallbackHash } from './payu-hash';

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

/**
 * PayU's own published vectors: the unit tests of PayU India's Node SDK, payu-india/payu-sdk-node,
 * `tests/payu/hasher.test.js` ("should generateHash and return String" and "should validate hash and return
 * true"): key `bjg$121`, salt `vhgvs75`, txnid `3123`, amount `1000`, productinfo `mobile`, firstname
 * `Jacob`, email `test@payu.in`, no udf values; status `success` for the reverse hash.
 */
const SDK_VECTOR = {
  key: 'bjg$121',
  salt: 'vhgvs75',
  txnid: '3123',
  amount: '1000',
  productinfo: 'mobile',
  firstname: 'Jacob',
  email: 'test@payu.in',
};
const SDK_REQUEST_HASH =
  '19d0822939b32b371847521c89aba3521de3a9bfeabeee5dab2d6f41962ff9fcdcee87067bb3a3de870acce488f9ff88a3511bb78c6143344a277b1b91ad38b8';
const SDK_REVERSE_HASH =
  '687c82156a84271a7a6c63d0e8774d5ac567d9b894a334a47d72e47b72392a5167a1b2add5b253490b70731d9eb3e3a3b7225e0c5f26829befafbbee71977c4c';

describe('PayU hashes', () => {
  it("matches the request hash of PayU's Node SDK tests", () => {
    const { salt, ...fields } = SDK_VECTOR;
    expect(payuRequestHash(fields, salt)).toBe(SDK_REQUEST_HASH);
  });

  it("matches the reverse (response) hash of PayU's Node SDK tests", () => {
    const { salt, ...fields } = SDK_VECTOR;
    expect(payuResponseHash({ ...fields, status: 'success' }, salt)).toBe(SDK_REVERSE_HASH);
    expect(
      verifyPayuCallbackHash(
        readPayuCallback({ ...fields, status: 'success', hash: SDK_REVERSE_HASH }),
        salt,
      ),
    ).toBe(true);
  });

  /**
   * The SDK vectors leave udf1–udf5 empty, and no published vector with an expected digest covers
   * `additionalCharges`, so these expectations are computed independently here with node:crypto over the
   * documented field order: `key|txnid|amount|productinfo|firstname|email|udf1|…|udf5||||||SALT` and
   * `[additionalCharges|]SALT|status||||||udf5|…|udf1|email|firstname|productinfo|amount|txnid|key`.
   */
  it('places udf1–udf5 and additionalCharges as documented', () => {
    const fields = {
      key: 'K3y',
      txnid: 'RS-7KQ29XD3-4K7Q2M',
      amount: '1299.50',
      productinfo: 'Order RS-7KQ29XD3',
      firstname: 'Asha Verma',
      email: 'asha@example.com',
      udf1: 'RS-7KQ29XD3',
      udf2: 'two',
      udf3: 'three',
      udf4: 'four',
      udf5: 'five',
    };
    expect(payuRequestHash(fields, 'S4lt')).toBe(
      sha512(
        'K3y|RS-7KQ29XD3-4K7Q2M|1299.50|Order RS-7KQ29XD3|Asha Verma|asha@example.com|RS-7KQ29XD3|two|three|four|five||||||S4lt',
      ),
    );
    expect(payuResponseHash({ ...fields, status: 'failure' }, 'S4lt')).toBe(
      sha512(
        'S4lt|failure||||||five|four|three|two|RS-7KQ29XD3|asha@example.com|Asha Verma|Order RS-7KQ29XD3|1299.50|RS-7KQ29XD3-4K7Q2M|K3y',
      ),
    );
    expect(payuResponseHash({ ...fields, status: 'success', additionalCharges: '25.00' }, 'S4lt')).toBe(
      sha512(
        '25.00|S4lt|success||||||five|four|three|two|RS-7KQ29XD3|asha@example.com|Asha Verma|Order RS-7KQ29XD3|1299.50|RS-7KQ29XD3-4K7Q2M|K3y',
      ),
    );
  });

  it('refuses a post-back whose fields or hash were changed, and accepts additional_charges too', () => {
    const { salt, ...fields } = SDK_VECTOR;
    const good = { ...fields, status: 'success', hash: SDK_REVERSE_HASH };
    expect(verifyPayuCallbackHash(readPayuCallback({ ...good, amount: '1.00' }), salt)).toBe(false);
    expect(verifyPayuCallbackHash(readPayuCallback({ ...good, status: 'failure' }), salt)).toBe(false);
    expect(
      verifyPayuCallbackHash(readPayuCallback({ ...good, hash: SDK_REVERSE_HASH.toUpperCase() }), salt),
    ).toBe(true);
    expect(
      verifyPayuCallbackHash(readPayuCallback({ ...good, hash: SDK_REVERSE_HASH.slice(0, 127) }), salt),
    ).toBe(false);
    expect(verifyPayuCallbackHash(readPayuCallback({ ...good, hash: '' }), salt)).toBe(false);
    expect(verifyPayuCallbackHash(readPayuCallback(good), 'another salt')).toBe(false);
    const charged = payuResponseHash({ ...fields, status: 'success', additionalCharges: '10.00' }, salt);
    expect(
      verifyPayuCallbackHash(
        readPayuCallback({ ...fields, status: 'success', additional_charges: '10.00', hash: charged }),
        salt,
      ),
    ).toBe(true);
  });
});

describe('PayU checkout form', () => {
  const input = {
    key: SANDBOX_PAYU_KEY,
    salt: SANDBOX_PAYU_SALT,
    txnid: 'RS-7KQ29XD3-4K7Q2M',
    amountPaise: 129_950,
    orderNumber: 'RS-7KQ29XD3',
    name: 'Asha | Verma',
    email: 'asha@example.com',
    phone: '+919839041736',
    callbackUrl: 'https://shop.example/api/v1/payments/payu/callback',
  };

  it('holds every field and a hash over the very same amount string', () => {
    const data = payuFormData(input);
    expect(data).toEqual({
      key: SANDBOX_PAYU_KEY,
      txnid: 'RS-7KQ29XD3-4K7Q2M',
      amount: '1299.50',
      productinfo: 'Order RS-7KQ29XD3',
      firstname: 'Asha Verma',
      email: 'asha@example.com',
      phone: '9839041736',
      surl: input.callbackUrl,
      furl: input.callbackUrl,
      udf1: 'RS-7KQ29XD3',
      udf2: '',
      udf3: '',
      udf4: '',
      udf5: '',
      hash: expect.stringMatching(/^[0-9a-f]{128}$/),
    });
    expect(data.hash).toBe(
      sha512(
        `${SANDBOX_PAYU_KEY}|RS-7KQ29XD3-4K7Q2M|1299.50|Order RS-7KQ29XD3|Asha Verma|asha@example.com|RS-7KQ29XD3||||||||||${SANDBOX_PAYU_SALT}`,
      ),
    );
  });

  it('never lets a separator or control character into a hashed field', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const safe = payuText(text, 60);
        // eslint-disable-next-line no-control-regex -- checking for control characters is the point.
        expect(safe).not.toMatch(/[|\u0000-\u001f\u007f]/);
        expect(safe.length).toBeLessThanOrEqual(60);
      }),
    );
    expect(payuFormData({ ...input, name: '|||' }).firstname).toBe('Customer');
  });

  it('makes a fresh, short txnid per attempt', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newTxnId('RS-7KQ29XD3')));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^RS-7KQ29XD3-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect([...ids][0]!.length).toBeLessThanOrEqual(25);
  });

  it('answers a redirect_post to the bridge page, recording no secret', () => {
    const settings: PaymentSettings = {
      upi: null,
      gateway: {
        provider: 'payu',
        key: 'LiveKey',
        salt: 'LiveSalt',
        url: 'https://secure.payu.in/_payment',
        refundUrl: 'https://info.payu.in/merchant/postservice?form=2',
        testMode: false,
      },
      sandboxEnabled: false,
      upiWebhookSecret: null,
      publicUrl: 'https://shop.example',
    };
    const payer = { name: 'Asha Verma', email: 'asha@example.com', phone: '+919839041736' };
    const context = { settings, baseUrl: 'https://shop.example' };
    const attempt = payuProvider.attempt('RS-7KQ29XD3', payer, context);
    expect(attempt).toEqual({
      provider: 'payu',
      gatewayId: expect.stringMatching(/^RS-7KQ29XD3-[0-9A-Z]{6}$/),
      testMode: false,
      raw: { url: 'https://secure.payu.in/_payment' },
    });
    const action = payuProvider.createAction(
      { id: 'x', storeId: 1, orderNumber: 'RS-7KQ29XD3', totalPaise: 50_000 },
      payer,
      context,
      attempt,
    );
    expect(action).toMatchObject({
      type: 'redirect_post',
      redirectUrl: '/api/v1/payments/redirect',
      formParams: { type: 'POST', url: 'https://secure.payu.in/_payment' },
    });
    const data = action.formParams!.data;
    expect(data.amount).toBe('500.00');
    expect(data.surl).toBe('https://shop.example/api/v1/payments/payu/callback');
    expect(data.txnid).toBe(attempt.gatewayId);
    expect(data.hash).toBe(payuRequestHash(data as never, 'LiveSalt'));
    expect(JSON.stringify(attempt.raw)).not.toMatch(/LiveSalt|LiveKey|"hash"/);
  });

  it('refuses an e-mail longer than PayU accepts', () => {
    const settings = {
      upi: null,
      gateway: { provider: 'payu-sandbox', key: 'k', salt: 's', url: null, testMode: true },
      sandboxEnabled: true,
      upiWebhookSecret: null,
      publicUrl: null,
    } as PaymentSettings;
    expect(() =>
      payuProvider.attempt(
        'RS-7KQ29XD3',
        { name: 'A', email: `${'a'.repeat(45)}@example.com`, phone: '+919839041736' },
        { settings, baseUrl: 'http://localhost:3000' },
      ),
    ).toThrow(AppError);
  });
});
