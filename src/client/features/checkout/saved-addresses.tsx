/**
 * The checkout's address book parts (docs/product.md §2.11): the saved addresses to pick from (picking one
 * fills the six fields, which stay editable) and the 'Save this address' box, switched off with a note while
 * the book is full.
 */
import { useState } from 'react';
import {
  ADDRESS_BOOK_FULL_MESSAGE,
  ADDRESS_BOOK_LIMIT,
  type SavedAddress,
} from '@shared/accounts/address-book-schemas';
import { FormField } from '@client/components/ui/form-field';
import { addressLine } from '@client/lib/account/address-book-api';

/** The radio buttons of the saved addresses, under 'Saved addresses'; nothing when the book is empty. */
export function SavedAddressPicker({
  addresses,
  onPick,
}: {
  addresses: readonly SavedAddress[];
  onPick: (address: SavedAddress) => void;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  if (addresses.length === 0) return null;
  return (
    <fieldset className="mt-5 flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-stone-900">Saved addresses</legend>
      {addresses.map((address) => (
        <label
          key={address.id}
          className="flex items-start gap-3 rounded-md border border-stone-200 p-3 text-sm text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
        >
          <input
            type="radio"
            name="savedAddress"
            className="mt-0.5 size-4 shrink-0"
            checked={chosen === address.id}
            onChange={() => {
              setChosen(address.id);
              onPick(address);
            }}
          />
          <span>{addressLine(address)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** 'Save this address' for a later checkout; disabled with the limit's sentence while the book is full. */
export function SaveAddressCheckbox({
  checked,
  onChange,
  saved,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** How many addresses the book holds now. */
  saved: number;
}) {
  const full = saved >= ADDRESS_BOOK_LIMIT;
  return (
    <FormField
      id="checkout-save-address"
      label="Save this address"
      layout="checkbox"
      hint={full ? ADDRESS_BOOK_FULL_MESSAGE : 'Pick it from your saved addresses next time'}
      className="mt-5"
    >
      {(control) => (
        <input
          {...control}
          type="checkbox"
          className="size-4"
          checked={checked && !full}
          disabled={full}
          onChange={(event) => onChange(event.target.checked)}
        />
      )}
    </FormField>
  );
}
