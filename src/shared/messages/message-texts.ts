/**
 * The shopper's texts of contact messages and the newsletter (docs/product.md §5 "Contact", §2 "Newsletter"),
 * without zod, so the home page's newsletter box can use them without loading it.
 */

/** The storefront's texts (docs/product.md §5 "Contact", §2 "Newsletter"). */
export const messageTexts = {
  contactSentTitle: 'Message Sent',
  contactSentDescription: "Thank you for contacting us. We'll get back to you shortly.",
  subscribedTitle: 'Subscribed!',
  subscribedDescription: 'Thank you for subscribing to our newsletter.',
  unsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Please use the link of our latest e-mail.',
  invalidEmail: 'Please enter a valid e-mail address',
} as const;
