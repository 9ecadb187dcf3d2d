/**
 * A signed-in shopper's address book (docs/product.md §2.9): plain functions taking `db`, every query scoped to
 * the store and the account. At most {@link ADDRESS_BOOK_LIMIT} addresses; saving one the book already holds
 * (the same six fields) changes nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  ADDRESS_BOOK_FULL_MESSAGE,
  ADDRESS_BOOK_LIMIT,
  ADDRESS_NOT_FOUND_MESSAGE,
  type AddressBook,
} from '@shared/accounts/address-book-schemas';
import { findIndianState } from '@shared/gst/indian-states';
import type { ShippingAddress } from '@shared/orders/shipping-address-schema';
import type { Db } from '../../db/database';
import { savedAddresses } from '../../db/schema/address-book-tables';
import { users } from '../../db/schema/user-tables';
import { ConflictError, NotFoundError } from '../../errors';

/** Whose book: the store of the request and the signed-in account. */
export type AddressBookOwner = { storeId: number; userId: number };

const ownedBy = (owner: AddressBookOwner) =>
  and(eq(savedAddresses.storeId, owner.storeId), eq(savedAddresses.userId, owner.userId));

const columns = {
  id: savedAddresses.id,
  fullName: savedAddresses.fullName,
  address: savedAddresses.address,
  city: savedAddresses.city,
  state: savedAddresses.state,
  postalCode: savedAddresses.postalCode,
  phone: savedAddresses.phone,
};

/** The account's addresses, oldest first. */
export async function listAddresses(db: Db, owner: AddressBookOwner): Promise<AddressBook> {
  const addresses = await db
    .select(columns)
    .from(savedAddresses)
    .where(ownedBy(owner))
    .orderBy(asc(savedAddresses.createdAt), asc(savedAddresses.id));
  return { addresses };
}

const sameAddress = (a: ShippingAddress, b: ShippingAddress) =>
  a.fullName === b.fullName &&
  a.address === b.address &&
  a.city === b.city &&
  a.state === b.state &&
  a.postalCode === b.postalCode &&
  a.phone === b.phone;

/**
 * Saves an address (checked by the shared shipping address schema; the state stored as the list of the 36
 * spells it) and returns the book. One the book already holds is not saved twice. The account's row is locked
 * while counting, so two saves at once cannot pass the limit.
 * @throws {ConflictError} 409 {@link ADDRESS_BOOK_FULL_MESSAGE} when the book already holds
 *   {@link ADDRESS_BOOK_LIMIT} addresses.
 */
export async function addAddress(
  db: Db,
  owner: AddressBookOwner,
  input: ShippingAddress,
): Promise<{ book: AddressBook; created: boolean }> {
  const address = { ...input, state: findIndianState(input.state)?.name ?? input.state };
  const created = await db.transaction(async (tx) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, owner.userId), eq(users.storeId, owner.storeId)))
      .for('update');
    const { addresses } = await listAddresses(tx as unknown as Db, owner);
    if (addresses.some((saved) => sameAddress(saved, address))) return false;
    if (addresses.length >= ADDRESS_BOOK_LIMIT) throw new ConflictError(ADDRESS_BOOK_FULL_MESSAGE);
    await tx.insert(savedAddresses).values({ ...owner, ...address });
    return true;
  });
  return { book: await listAddresses(db, owner), created };
}

/**
 * Deletes one of the account's addresses and returns the book.
 * @throws {NotFoundError} 404 {@link ADDRESS_NOT_FOUND_MESSAGE} for an id not in this account's book (another
 *   account's or another store's address included).
 */
export async function deleteAddress(db: Db, owner: AddressBookOwner, id: number): Promise<AddressBook> {
  const deleted = await db
    .delete(savedAddresses)
    .where(and(ownedBy(owner), eq(savedAddresses.id, id)))
    .returning({ id: savedAddresses.id });
  if (deleted.length === 0) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
  return listAddresses(db, owner);
}
