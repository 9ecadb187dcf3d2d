/**
 * The account page's 'Saved addresses' (docs/product.md §2.9): the addresses saved at checkout, each with
 * 'Delete'; 'No saved addresses yet. Tick "Save this address" at checkout to keep one.' while there are none.
 * A failed load or delete shows the storefront's one error text.
 */
import { MapPin, Trash2 } from 'lucide-react';
import { ADDRESS_BOOK_LIMIT } from '@shared/accounts/address-book-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { addressLine, useAddressBook, useDeleteAddressMutation } from '@client/lib/account/address-book-api';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';

export const NO_SAVED_ADDRESSES = 'No saved addresses yet. Tick "Save this address" at checkout to keep one.';

export function AddressBookSection() {
  const book = useAddressBook();
  const remove = useDeleteAddressMutation();
  const addresses = book.data?.addresses ?? [];

  const onDelete = async (id: number) => {
    try {
      await remove.mutateAsync(id);
      toast.success('Address deleted');
    } catch (error) {
      toast.error('Address not deleted', { description: errorText(error) });
    }
  };

  return (
    <Card className="mt-6" role="region" aria-labelledby="saved-addresses">
      <CardHeader className="flex-row items-center gap-3">
        <MapPin aria-hidden="true" className="size-5 text-brand-700" />
        <CardTitle id="saved-addresses" className="text-lg">
          Saved addresses
        </CardTitle>
        <span className="ml-auto text-sm text-stone-600">
          {book.isSuccess ? `${addresses.length} of ${ADDRESS_BOOK_LIMIT}` : ''}
        </span>
      </CardHeader>
      <CardContent>
        {book.isPending && <Skeleton className="h-12 w-full" />}
        {book.isError && <Alert>{errorText(book.error)}</Alert>}
        {book.isSuccess && addresses.length === 0 && (
          <p className="text-sm text-stone-600">{NO_SAVED_ADDRESSES}</p>
        )}
        {addresses.length > 0 && (
          <ul className="flex flex-col gap-3">
            {addresses.map((address) => (
              <li
                key={address.id}
                className="flex items-start gap-3 rounded-md bg-stone-50 p-3 text-sm text-stone-900"
              >
                <span className="min-w-0 flex-1 break-words">{addressLine(address)}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={`Delete ${addressLine(address)}`}
                  onClick={() => void onDelete(address.id)}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
