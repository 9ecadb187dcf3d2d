/**
 * The couriers the shop ships with (docs/product.md §7 "Track order", docs/admin.md "Orders"): the one table of
 * the known couriers' names and their public tracking pages. The owner picks one of these names when shipping, or
 * types another courier's name; a known courier's tracking page is linked from the shipped mail and from Track
 * Order, an unknown courier is shown by name only.
 */

/** `{trackingNumber}` in a {@link KnownCourier.trackingUrl} is replaced by the URL-encoded tracking number. */
export const TRACKING_NUMBER_SLOT = '{trackingNumber}';

/** A courier with a public tracking page. */
export type KnownCourier = {
  /** The name shown to the owner and the shopper (e.g. `Blue Dart`). */
  name: string;
  /**
   * The courier's public tracking page for one consignment, with {@link TRACKING_NUMBER_SLOT} where the tracking
   * (AWB / consignment) number goes. No sign-in is needed on any of them.
   */
  trackingUrl: string;
};

/**
 * The known couriers, in the order the ship step offers them. Each template is the courier's own public
 * tracking page. India Post's page may ask the shopper to type the number again (it shows a captcha).
 */
export const KNOWN_COURIERS: readonly KnownCourier[] = [
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{trackingNumber}' },
  {
    name: 'Blue Dart',
    trackingUrl:
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={trackingNumber}',
  },
  { name: 'DTDC', trackingUrl: 'https://www.dtdc.in/tracking/tracking_results.asp?strCnno={trackingNumber}' },
  { name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{trackingNumber}' },
  {
    name: 'India Post',
    trackingUrl:
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={trackingNumber}',
  },
  { name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={trackingNumber}' },
  { name: 'Shadowfax', trackingUrl: 'https://tracker.shadowfax.in/#/track/{trackingNumber}' },
];

/** Lower case letters and digits only: `Blue Dart`, `BLUEDART` and `blue-dart` compare equal. */
const courierKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The known courier named `name` (case, spaces and punctuation ignored), or undefined for any other courier. */
export function knownCourier(name: string | null | undefined): KnownCourier | undefined {
  if (!name) return undefined;
  const key = courierKey(name);
  return key ? KNOWN_COURIERS.find((courier) => courierKey(courier.name) === key) : undefined;
}

/**
 * The name to keep for a courier the owner entered: a known courier's own spelling (`bluedart` → `Blue Dart`),
 * else the name as typed, trimmed.
 */
export function courierDisplayName(name: string): string {
  return knownCourier(name)?.name ?? name.trim();
}

/**
 * The public tracking page of consignment `trackingNumber` at `courier`, or null when the courier is not a known
 * one or there is no tracking number. The number is URL-encoded into the courier's template.
 */
export function courierTrackingUrl(
  courier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const known = knownCourier(courier);
  const number = trackingNumber?.trim();
  if (!known || !number) return null;
  return known.trackingUrl.replace(TRACKING_NUMBER_SLOT, encodeURIComponent(number));
}

/**
 * The name to keep for a courier an aggregator (Shiprocket) assigned, which it names with its service
 * (`Delhivery Surface`, `Blue Dart Air`, `Ekart Logistics 2kg`): the known courier whose name starts it, so
 * that the shopper gets its tracking page; else the name as given, trimmed.
 */
export function aggregatorCourierName(name: string): string {
  const key = courierKey(name);
  const known = key ? KNOWN_COURIERS.find((courier) => key.startsWith(courierKey(courier.name))) : undefined;
  return known?.name ?? name.trim();
}
