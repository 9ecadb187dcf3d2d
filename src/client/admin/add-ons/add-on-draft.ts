/**
 * The Add-ons screen's drafts (docs/add-ons.md "The shop's add-ons"): each add-on as the form edits it (text
 * fields, categories as one comma-separated line) and back to the `PUT /api/v1/admin/add-ons` body. Numbers the
 * owner typed are sent as typed (or as text when they are not numbers), so the server's field messages
 * ('must be above 0', 'must be a SAC of 6 digits starting with 99') are the ones shown.
 */
import type { StoreAddOn } from '@shared/add-ons/add-on-schemas';
import type { MeasurementSet } from '@shared/add-ons/measurement-sets';

/** One add-on as the form holds it; price in rupees, GST rate in percent. */
export type AddOnDraft = {
  code: string;
  title: string;
  price: string;
  leadDays: string;
  measurementSet: MeasurementSet;
  categories: string;
  sac: string;
  gstRate: string;
};

/** A new add-on's starting values: no measurements, 5 % GST under SAC 998822 (the demo shop's). */
export const NEW_ADD_ON: AddOnDraft = {
  code: '',
  title: '',
  price: '',
  leadDays: '0',
  measurementSet: 'none',
  categories: '',
  sac: '998822',
  gstRate: '5',
};

/** The form's draft of a saved add-on. */
export function toDraft(addOn: StoreAddOn): AddOnDraft {
  return {
    code: addOn.code,
    title: addOn.title,
    price: String(addOn.price),
    leadDays: String(addOn.leadDays),
    measurementSet: addOn.measurementSet,
    categories: addOn.categories.join(', '),
    sac: addOn.sac,
    gstRate: String(addOn.gstRate),
  };
}

/** `text` as a number when it is one, else as typed (the server names the field). */
const numberOr = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/** The request body's add-on for `draft`. */
export function fromDraft(draft: AddOnDraft): Record<string, unknown> {
  return {
    code: draft.code,
    title: draft.title,
    price: numberOr(draft.price),
    leadDays: numberOr(draft.leadDays),
    measurementSet: draft.measurementSet,
    categories: draft.categories
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    sac: draft.sac,
    gstRate: numberOr(draft.gstRate),
  };
}
