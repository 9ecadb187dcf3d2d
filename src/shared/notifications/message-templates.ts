/**
 * The messages the store sends to a phone or an inbox outside the order mails: what each is called, which
 * variables it fills, and its default English text (a shop may change the text per store; WhatsApp sends a
 * template Meta approved under a name the shop sets). Pure rules shared by the server and the admin's preview.
 */

/** Every message the store can send by WhatsApp, SMS or e-mail through the message outbox. */
export const MESSAGE_TEMPLATE_CODES = [
  'order-placed',
  'order-paid',
  'order-shipped',
  'order-out-for-delivery',
  'order-delivered',
  'order-cancelled',
  'return-update',
  'refund-update',
  'owner-paid-order',
  'cod-confirmation',
  'otp',
  'stock-alert',
  'cart-reminder',
] as const;

/** One message kind, e.g. `order-paid`. */
export type MessageTemplateCode = (typeof MESSAGE_TEMPLATE_CODES)[number];

/** The channels a message goes out on. */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms', 'email'] as const;

/** `whatsapp` (Meta's WhatsApp Cloud API), `sms` (MSG91 Flow API) or `email` (the mail outbox's transport). */
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The values a message's text is filled with, by variable name (`orderNumber`, `amount`, `shopName`, …). */
export type MessageVariables = Record<string, string>;

/**
 * The default English text of each message; `{{name}}` is replaced by the variable of that name. Amounts are
 * passed already formatted in rupees (e.g. '₹1,250.00'), links as absolute URLs.
 */
export const DEFAULT_MESSAGE_TEXTS: Record<MessageTemplateCode, string> = {
  'order-placed': '{{shopName}}: thank you! Order {{orderNumber}} for {{amount}} is placed. {{paymentLine}}',
  'order-paid':
    '{{shopName}}: we have received {{amount}} for order {{orderNumber}}. We will tell you when it ships.',
  'order-shipped':
    '{{shopName}}: order {{orderNumber}} has shipped with {{courier}}. Track it: {{trackingLink}}',
  'order-out-for-delivery': '{{shopName}}: order {{orderNumber}} is out for delivery today.',
  'order-delivered': '{{shopName}}: order {{orderNumber}} was delivered. We hope you love it!',
  'order-cancelled': '{{shopName}}: order {{orderNumber}} is cancelled. {{refundLine}}',
  'return-update':
    '{{shopName}}: your return {{returnNumber}} for order {{orderNumber}} is {{returnStatus}}.',
  'refund-update': '{{shopName}}: your refund of {{amount}} for order {{orderNumber}} is {{refundStatus}}.',
  'owner-paid-order': '{{shopName}}: new paid order {{orderNumber}} for {{amount}}.',
  'cod-confirmation':
    '{{shopName}}: please confirm your cash-on-delivery order {{orderNumber}} for {{amount}}: {{confirmLink}}',
  otp: '{{code}} is your {{shopName}} sign-in code. It is valid for 5 minutes. Do not share it.',
  'stock-alert':
    '{{shopName}}: {{productName}} is back in stock. {{productLink}} Stop these alerts: {{unsubscribeLink}}',
  'cart-reminder':
    '{{shopName}}: you left {{itemCount}} in your cart. Pick up where you left off: {{cartLink}}',
};

/**
 * `text` with every `{{name}}` replaced by `variables[name]`; a variable the text names but `variables` lacks
 * becomes the empty string, and runs of spaces left behind collapse to one.
 */
export function renderMessageText(text: string, variables: MessageVariables): string {
  return text
    .replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_match, name: string) => variables[name] ?? '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
