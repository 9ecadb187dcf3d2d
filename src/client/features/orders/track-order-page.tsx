/**
 * Track order, /track-order (docs/product.md §2 "Track order", §5, §6, §8): anyone with an order number and the
 * order's e-mail or phone sees its status. The number is prefilled from `?id=`, the contact with the
 * signed-in user's e-mail. Both are required ('Required fields' toast); a lookup that finds nothing shows
 * 'Failed to find order. …'; a rate-limited one shows the server's text. The result shows the order's
 * number, date, status, shipping details and items with the total, its returns, refunds and credit notes,
 * and 'Return or exchange' within a Delivered order's return window (the request page asks the owner to sign in).
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Repeat, Search } from 'lucide-react';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { trackOrderQueryOptions } from '@client/lib/orders/order-query';
import { useAccountInfo } from '@client/lib/session/account-info-query';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { ApiError } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { RETURN_OR_EXCHANGE } from './order-after-delivery-view';
import { OrderCard } from './order-card';
import { OrderReturnsSection } from './order-returns-section';
import { TaxDocumentButtons } from './tax-document-buttons';
import {
  REQUIRED_FIELDS_DESCRIPTION,
  REQUIRED_FIELDS_TITLE,
  toOrderView,
  TRACK_FAILED,
  type OrderView,
} from './order-view';
import { returnRequestPath, trackLookup } from './order-paths';

/** Shown for a 429 answer without a text of its own. */
const TOO_MANY_LOOKUPS = 'Too many lookups. Please wait a minute and try again.';

type TrackForm = { orderId: string; contactInfo: string };

export function TrackOrderPage() {
  const [searchParams] = useSearchParams();
  const idParam = searchParams.get('id')?.trim() ?? '';
  const queryClient = useQueryClient();
  const { brand } = useStoreInfo();
  const account = useAccountInfo();
  const [result, setResult] = useState<OrderView | null>(null);
  // The contact the order was found with: it also opens the order's invoice.
  const [resultContact, setResultContact] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const resultRef = useRef<HTMLElement>(null);
  useDocumentTitle(`Track Order | ${brand}`);

  const { register, handleSubmit, setValue, getValues, getFieldState } = useForm<TrackForm>({
    defaultValues: { orderId: idParam, contactInfo: '' },
  });

  // A new ?id= (e.g. from the orders page) replaces the number.
  useEffect(() => {
    if (idParam) setValue('orderId', idParam);
  }, [idParam, setValue]);

  // The signed-in user's e-mail, once known, unless the visitor has typed a contact.
  const email = account.data?.email?.trim() ?? '';
  useEffect(() => {
    if (email && !getValues('contactInfo') && !getFieldState('contactInfo').isDirty) {
      setValue('contactInfo', email);
    }
  }, [email, getValues, getFieldState, setValue]);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const onSubmit = async (values: TrackForm) => {
    const lookup = trackLookup(values);
    if (!lookup) {
      toast.error(REQUIRED_FIELDS_TITLE, { description: REQUIRED_FIELDS_DESCRIPTION });
      return;
    }
    setSearching(true);
    setProblem(null);
    try {
      const order = await queryClient.fetchQuery(trackOrderQueryOptions(lookup));
      setResult(toOrderView(order));
      setResultContact(lookup.contactInfo);
    } catch (error) {
      setResult(null);
      // docs/product.md §8: a refused lookup says only that it failed (nothing about whether the order exists); too
      // many lookups say so.
      const message =
        error instanceof ApiError && error.status === 429 ? errorText(error, TOO_MANY_LOOKUPS) : TRACK_FAILED;
      setProblem(message);
      toast.error(message);
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">Track Your Order</h1>
      <p className="mt-2 text-stone-600">
        Enter your order number and the e-mail address or phone number used for the order.
      </p>

      <form
        noValidate
        aria-label="Track order"
        onSubmit={handleSubmit(onSubmit)}
        className="mt-6 grid gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6 md:grid-cols-[1fr_1fr_auto] md:items-end"
      >
        <FormField id="track-orderId" label="Order Number" required>
          {(control) => (
            <Input
              {...control}
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="e.g. RS-7KQ29XD3"
              {...register('orderId')}
            />
          )}
        </FormField>
        <FormField id="track-contactInfo" label="Email or Phone" required>
          {(control) => (
            <Input
              {...control}
              required
              autoComplete="email"
              spellCheck={false}
              placeholder="you@example.com or +91 98765 43210"
              {...register('contactInfo')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={searching} aria-busy={searching || undefined}>
          <Search aria-hidden="true" />
          {searching ? 'Searching...' : 'Track Order'}
        </Button>
      </form>

      {problem && <Alert className="mt-4">{problem}</Alert>}

      {result && (
        <section ref={resultRef} tabIndex={-1} aria-label="Order details" className="mt-8 focus:outline-none">
          <OrderCard
            order={result}
            details={<OrderReturnsSection order={result} contactInfo={resultContact} />}
            actions={
              result.documents.length > 0 || result.afterDelivery.canReturn ? (
                <>
                  <TaxDocumentButtons order={result} contactInfo={resultContact} />
                  {result.afterDelivery.canReturn && (
                    <Button asChild>
                      <Link to={returnRequestPath(result.id)}>
                        <Repeat aria-hidden="true" />
                        {RETURN_OR_EXCHANGE}
                      </Link>
                    </Button>
                  )}
                </>
              ) : undefined
            }
          />
        </section>
      )}
    </div>
  );
}
