/**
 * What a shop may change in a message and how the admin shows it (docs/messages.md "Templates"): the
 * variables each message's text may name, sample values for the live preview, the default e-mail subjects,
 * the default WhatsApp template names, and the masked recipient of the Messages log. Pure rules shared by the
 * server and the admin.
 */
import {
  DEFAULT_MESSAGE_TEXTS,
  MESSAGE_TEMPLATE_CODES,
  type MessageTemplateCode,
  type MessageVariables,
} from './message-templates';

/** Every `{{name}}` of `text`, each once, in the order of first appearance. */
export function variableNamesOf(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)) {
    if (!names.includes(match[1]!)) names.push(match[1]!);
  }
  return names;
}

/** The variables a message's text may name: those of its default text. */
export const MESSAGE_VARIABLES: Record<MessageTemplateCode, string[]> = Object.fromEntries(
  MESSAGE_TEMPLATE_CODES.map((code) => [code, variableNamesOf(DEFAULT_MESSAGE_TEXTS[code])]),
) as Record<MessageTemplateCode, string[]>;

/** The values the admin's preview fills a text with (clearly sample data: an example shop and order). */
export const SAMPLE_MESSAGE_VARIABLES: MessageVariables = {
  shopName: 'Silk House',
  orderNumber: 'RS-7KQ29XD3',
  amount: '₹1,250.00',
  paymentLine: 'Pay here: https://shop.example.com/pay/RS-7KQ29XD3',
  courier: 'Delhivery',
  trackingLink: 'https://shop.example.com/track/RS-7KQ29XD3',
  refundLine: 'Your refund of ₹1,250.00 is on its way.',
  returnNumber: 'RT-4MZ81QP2',
  returnStatus: 'approved',
  refundStatus: 'processed',
  confirmLink: 'https://shop.example.com/c/x7Kq2',
  code: '482913',
  productName: 'Banarasi silk saree, maroon',
  productLink: 'https://shop.example.com/products/banarasi-silk-saree',
  unsubscribeLink: 'https://shop.example.com/alerts/stop/x7Kq2',
  itemCount: '2 items',
  cartLink: 'https://shop.example.com/cart/restore/x7Kq2',
};

/** The subject of each message when it goes by e-mail, until the shop changes it (`{{name}}` variables). */
export const DEFAULT_EMAIL_SUBJECTS: Record<MessageTemplateCode, string> = {
  'order-placed': 'Order {{orderNumber}} is placed',
  'order-paid': 'Payment received for order {{orderNumber}}',
  'order-shipped': 'Order {{orderNumber}} has shipped',
  'order-out-for-delivery': 'Order {{orderNumber}} is out for delivery',
  'order-delivered': 'Order {{orderNumber}} was delivered',
  'order-cancelled': 'Order {{orderNumber}} is cancelled',
  'return-update': 'Your return {{returnNumber}}',
  'refund-update': 'Your refund for order {{orderNumber}}',
  'owner-paid-order': 'New paid order {{orderNumber}}',
  'cod-confirmation': 'Please confirm your order {{orderNumber}}',
  otp: 'Your {{shopName}} sign-in code',
  'stock-alert': '{{productName}} is back in stock',
  'cart-reminder': 'You left something in your cart',
};

/** The WhatsApp template name a message is sent under until the shop sets one: its code with `_` for `-`. */
export function defaultWhatsappTemplateName(code: MessageTemplateCode): string {
  return code.replaceAll('-', '_');
}

/**
 * The recipient as the Messages log shows it: a phone as `+91 98•••••210` (the first two and last three of its
 * ten digits), an e-mail address as `a•••@example.com`.
 */
export function maskRecipient(recipient: string): string {
  const phone = /^\+91(\d{10})$/.exec(recipient);
  if (phone) return `+91 ${phone[1]!.slice(0, 2)}•••••${phone[1]!.slice(7)}`;
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient[0]}•••${recipient.slice(at)}`;
  return '•••';
}
