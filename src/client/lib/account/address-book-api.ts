/**
 * The signed-in shopper's address book (docs/product.md §2.9, `GET/POST /account/addresses`,
 * `DELETE /account/addresses/{id}`), read by the checkout (to pick a saved address, and to save one) and the
 * account page (to see and delete them). It sends the bearer token, so it lives under the session key.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addressBookSchema, type AddressBook } from '@shared/accounts/address-book-schemas';
import type { ShippingAddress } from '@shared/orders/shipping-address-schema';
import { apiRequest } from '@client/lib/api-client';
import { retryUnlessClientError } from '@client/lib/query-retry';
import { SESSION_QUERY_KEY } from '@client/lib/query-keys';
import { useSession } from '@client/lib/session/session-context';

const ADDRESS_BOOK_KEY = [...SESSION_QUERY_KEY, 'address-book'] as const;

/** `GET /account/addresses`: the saved addresses, oldest first. */
export const addressBookQueryOptions = () =>
  queryOptions({
    queryKey: ADDRESS_BOOK_KEY,
    queryFn: ({ signal }) => apiRequest('/account/addresses', { signal, schema: addressBookSchema }),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });

/** The saved addresses; idle while signed out. */
export function useAddressBook() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...addressBookQueryOptions(), enabled: isAuthenticated });
}

/**
 * Saves an address; the answer (the book as it is now) replaces the cached book.
 * @throws {ApiError} 409 'You can keep up to 5 addresses. Delete one to save another.', 400 with `fields`.
 */
export function useSaveAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: ShippingAddress) =>
      apiRequest('/account/addresses', { method: 'POST', body: address, schema: addressBookSchema }),
    onSuccess: (book: AddressBook) => queryClient.setQueryData(ADDRESS_BOOK_KEY, book),
  });
}

/**
 * Deletes a saved address by id; the answer replaces the cached book.
 * @throws {ApiError} 404 'Address not found'.
 */
export function useDeleteAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/account/addresses/${id}`, { method: 'DELETE', schema: addressBookSchema }),
    onSuccess: (book: AddressBook) => queryClient.setQueryData(ADDRESS_BOOK_KEY, book),
  });
}

/** One address as a line: 'Asha Verma, 14 MI Road, Jaipur, Rajasthan 302001, +91 94140 52368'. */
export function addressLine(address: ShippingAddress): string {
  return `${address.fullName}, ${address.address}, ${address.city}, ${address.state} ${address.postalCode}, ${address.phone}`;
}
