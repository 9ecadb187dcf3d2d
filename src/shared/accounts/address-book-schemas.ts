/**
 * The address book's API contract (`/api/v1/account/addresses`), shared by the server's routes, the checkout
 * and the account page: the delivery addresses a signed-in shopper keeps, per store and account, at most
 * {@link ADDRESS_BOOK_LIMIT} (docs/product.md §2.9). An address is the checkout's shipping address
 * (../orders/shipping-address-schema.ts) with its id.
 */
import { z } from 'zod';
import { shippingAddressSchema } from '../orders/shipping-address-schema';

/** The most addresses an account keeps. */
export const ADDRESS_BOOK_LIMIT = 5;
/** The 409 sentence when the book is full. */
export const ADDRESS_BOOK_FULL_MESSAGE = `You can keep up to ${ADDRESS_BOOK_LIMIT} addresses. Delete one to save another.`;
/** The 404 sentence for an address that is not in this account's book. */
export const ADDRESS_NOT_FOUND_MESSAGE = 'Address not found';

/** `POST /account/addresses`: the six fields of the shipping address, checked as the checkout checks them. */
export const addressBookBodySchema = shippingAddressSchema;

/** `DELETE /account/addresses/{addressId}`: the address's id (a positive whole number). */
export const addressBookParamsSchema = z.object({
  addressId: z.coerce
    .number({ message: 'must be an address id' })
    .int('must be an address id')
    .positive('must be an address id'),
});

/** One saved address as the API answers it. */
export const savedAddressSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** Every answer of the address book's routes: the book as it is now, oldest first. */
export const addressBookSchema = z.object({ addresses: z.array(savedAddressSchema) });
export type AddressBook = z.infer<typeof addressBookSchema>;
