/**
 * Paying an order through the built-in sandbox gateway (TEST MODE) without a browser, for the browser tests of
 * what follows a payment (refunds, returns): the shopper starts a gateway payment, the sandbox page is fetched,
 * and its 'Success' form is posted back to the shop's PayU callback, as the sandbox's button would.
 */
import { expect } from 'vitest';
import { apiCall } from './helpers';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** The hidden fields of the sandbox page's 'Success' form (what its button posts back to the shop). */
function successFields(html: string): Record<string, string> {
  const form = [...html.matchAll(/<form method="post" action="[^"]+"[^>]*>([\s\S]*?)<\/form>/g)].find(
    (match) => /<button[^>]*>Success<\/button>/.test(match[1]!),
  );
  expect(form).toBeDefined();
  return Object.fromEntries(
    [...form![1]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((input) => [
      unescape(input[1]!),
      unescape(input[2]!),
    ]),
  );
}

/**
 * Pays order `orderNumber` of the shopper signed in with `token` (e-mail `email`) through the sandbox gateway
 * of the shop at `origin`; fails the test unless the order is then Processing. Answers the order's total in rupees.
 */
export async function payThroughSandbox(
  origin: string,
  order: { orderNumber: string; email: string; token: string },
): Promise<number> {
  const started = await apiCall<{ action: { formParams: { data: Record<string, string> } } }>(
    'POST',
    '/payments',
    {
      orderId: order.orderNumber,
      fields: { name: 'Meera Iyer', email: order.email, phone: '+919839041736', method: 'gateway' },
    },
    order.token,
    origin,
  );
  expect(started.status).toBe(200);
  const sandbox = await fetch(`${origin}/sandbox/payu`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(started.body.action.formParams.data).toString(),
  });
  expect(sandbox.status).toBe(200);
  const callback = await fetch(`${origin}/api/v1/payments/payu/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(successFields(await sandbox.text())).toString(),
    redirect: 'manual',
  });
  expect(callback.status).toBe(303);
  const detail = await apiCall<{ total: number; status: number }>(
    'GET',
    `/orders/${order.orderNumber}`,
    undefined,
    order.token,
    origin,
  );
  expect(detail.body.status).toBe(1);
  return detail.body.total;
}
