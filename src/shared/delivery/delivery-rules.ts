/**
 * The store's delivery and cash-on-delivery rules (docs/delivery.md), pure and free of zod so the server,
 * the checkout and the product page can share them: which PIN codes are served, what shipping costs for a PIN
 * code, state and subtotal, how long delivery takes, and whether cash on delivery is offered. Money in integer
 * **paise**, delivery times in days.
 */
import { formatRupees, paiseToRupees } from '../money';

/** A delivery zone: by state names (of the 36) and/or PIN-code prefixes, with its own charge and estimate. */
export type DeliveryZone = {
  name: string;
  /** State and union territory names, as the list of the 36 spells them. */
  states: string[];
  /** PIN-code prefixes of 1 to 6 digits. */
  pinPrefixes: string[];
  /** The zone's shipping charge, GST-inclusive, paise. */
  chargePaise: number;
  minDays: number;
  maxDays: number;
};

/** Cash on delivery: off unless the store turns it on. */
export type CodSettings = {
  enabled: boolean;
  /** The fee added to a COD order as its own line, GST-inclusive, paise (default ₹49). */
  feePaise: number;
  /** The largest order value (goods and shipping, before the fee) paid in cash, paise (default ₹5,000). */
  maxOrderValuePaise: number;
  /** PIN-code prefixes where COD is offered; empty: wherever the store delivers. */
  pinPrefixes: string[];
};

/** The store's delivery settings as stored (`stores.delivery_settings`). */
export type DeliverySettings = {
  /** Shipping charge outside every zone, GST-inclusive, paise; 0 = 'Free'. */
  flatChargePaise: number;
  /** A subtotal (goods, paise) at or above this ships free, zones included; null: no threshold. */
  freeAbovePaise: number | null;
  /** Delivery estimate outside every zone, days. */
  minDays: number;
  maxDays: number;
  zones: DeliveryZone[];
  /** PIN-code prefixes the store does not deliver to at all. */
  unservedPinPrefixes: string[];
  cod: CodSettings;
};

/** The COD fee and cap when a store turns COD on without saying: ₹49 and ₹5,000. */
export const DEFAULT_COD_FEE_PAISE = 4_900;
export const DEFAULT_COD_MAX_ORDER_VALUE_PAISE = 500_000;

/** A store that set nothing: shipping 'Free' everywhere in 3–7 days, every PIN served, no COD. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  flatChargePaise: 0,
  freeAbovePaise: null,
  minDays: 3,
  maxDays: 7,
  zones: [],
  unservedPinPrefixes: [],
  cod: {
    enabled: false,
    feePaise: DEFAULT_COD_FEE_PAISE,
    maxOrderValuePaise: DEFAULT_COD_MAX_ORDER_VALUE_PAISE,
    pinPrefixes: [],
  },
};

/** The text under the product page's PIN check and the checkout's 400 for a PIN code not served. */
export const PIN_NOT_SERVED_MESSAGE = 'We do not deliver to this PIN code yet';

/** Where an order goes: its 6-digit PIN code and its state's name. */
export type Destination = { postalCode: string; state: string | null };

/** The answer for a destination: not served, or the charge (paise) and estimate (days). */
export type DeliveryQuote =
  | { served: false }
  | { served: true; chargePaise: number; minDays: number; maxDays: number; zone: string | null };

/** The longest of `prefixes` that `postalCode` starts with, or null. */
function longestPrefix(prefixes: readonly string[], postalCode: string): string | null {
  let best: string | null = null;
  for (const prefix of prefixes) {
    if (postalCode.startsWith(prefix) && (best === null || prefix.length > best.length)) best = prefix;
  }
  return best;
}

/**
 * The zone of a destination: the zone with the longest PIN prefix matching it, else the first zone listing its
 * state (names compared in lower case), else null.
 */
export function zoneFor(settings: DeliverySettings, destination: Destination): DeliveryZone | null {
  let chosen: DeliveryZone | null = null;
  let chosenLength = 0;
  for (const zone of settings.zones) {
    const prefix = longestPrefix(zone.pinPrefixes, destination.postalCode);
    if (prefix !== null && prefix.length > chosenLength) {
      chosen = zone;
      chosenLength = prefix.length;
    }
  }
  if (chosen) return chosen;
  const state = destination.state?.toLowerCase();
  if (!state) return null;
  return settings.zones.find((zone) => zone.states.some((name) => name.toLowerCase() === state)) ?? null;
}

/**
 * Shipping for a destination and a subtotal of goods (paise, GST-inclusive): not served when the PIN code
 * starts with an unserved prefix; otherwise the zone's charge and estimate (else the flat charge and the
 * store's estimate), and 0 when the subtotal reaches `freeAbovePaise`.
 * `deliveryQuote(DEFAULT_DELIVERY_SETTINGS, { postalCode: '302001', state: 'Rajasthan' }, 100_000)` →
 * `{ served: true, chargePaise: 0, minDays: 3, maxDays: 7, zone: null }`.
 */
export function deliveryQuote(
  settings: DeliverySettings,
  destination: Destination,
  subtotalPaise: number,
): DeliveryQuote {
  if (longestPrefix(settings.unservedPinPrefixes, destination.postalCode) !== null) return { served: false };
  const zone = zoneFor(settings, destination);
  const free = settings.freeAbovePaise !== null && subtotalPaise >= settings.freeAbovePaise;
  const chargePaise = free ? 0 : (zone?.chargePaise ?? settings.flatChargePaise);
  return {
    served: true,
    chargePaise,
    minDays: zone?.minDays ?? settings.minDays,
    maxDays: zone?.maxDays ?? settings.maxDays,
    zone: zone?.name ?? null,
  };
}

/** Why cash on delivery is not offered for an order. */
export type CodRefusal = 'disabled' | 'over-cap' | 'outside-area';

/** The 4xx texts of a refused COD, by reason; the cap in rupees as the shop shows it. */
export function codRefusalMessage(reason: CodRefusal, settings: CodSettings): string {
  if (reason === 'disabled') return 'This shop does not offer cash on delivery';
  if (reason === 'over-cap') {
    return `Cash on delivery is available for orders up to ${formatRupees(paiseToRupees(settings.maxOrderValuePaise))}`;
  }
  return 'Cash on delivery is not available for this PIN code';
}

/**
 * Whether cash on delivery may pay an order of `orderValuePaise` (goods and shipping, before the COD fee)
 * going to `postalCode`: null when it may, else the reason. The limit of open COD orders per account is the
 * server's (it needs the database).
 */
export function codRefusal(
  settings: CodSettings,
  postalCode: string,
  orderValuePaise: number,
): CodRefusal | null {
  if (!settings.enabled) return 'disabled';
  if (settings.pinPrefixes.length > 0 && longestPrefix(settings.pinPrefixes, postalCode) === null) {
    return 'outside-area';
  }
  if (orderValuePaise > settings.maxOrderValuePaise) return 'over-cap';
  return null;
}
