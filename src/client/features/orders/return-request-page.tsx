/**
 * Return or exchange, /orders/:orderId/return (docs/returns.md "The shopper asks for a return or an exchange"),
 * signed in only: the Delivered order's lines that may still come back, each with a checkbox, the quantity (at
 * most what is left), a reason and — when the shop offers exchanges — 'Refund' or 'Exchange for another size
 * or colour' (the product's other sizes and colours at the same price; sold-out ones struck and disabled as on
 * the product page); up to 3 photos and a note. Submitting asks for the return, then uploads the photos one by
 * one, then opens My Orders where the return shows. The server's refusals appear under the field they name.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { MAX_RETURN_NOTE_LENGTH, MAX_RETURN_PHOTOS } from '@shared/returns/return-rules';
import type { Order } from '@shared/orders/order-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FieldError, Label, Textarea } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { trackOrderQueryOptions } from '@client/lib/orders/order-query';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { canAskForReturn, indiaToday, RETURN_OR_EXCHANGE } from './order-after-delivery-view';
import {
  formFieldOf,
  initialReturnValues,
  returnableItems,
  returnRequestOf,
  type ReturnFormValues,
} from './return-request-form';
import { LineFields } from './return-line-fields';
import { createReturn, uploadReturnPhoto } from './returns-api';

/** Shown when the request fails without a text of the server's. */
const SEND_FAILED = 'Your return could not be sent. Please try again.';

export function ReturnRequestPage() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = useQuery(trackOrderQueryOptions({ orderId, contactInfo: '' }));
  useDocumentTitle(`${RETURN_OR_EXCHANGE} | Order ${orderId}`);

  if (order.isPending)
    return (
      <p className="mx-auto max-w-3xl px-4 py-10" role="status">
        Loading your order…
      </p>
    );
  if (order.isError || !canAskForReturn(order.data, indiaToday()))
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
        <h1 className="font-serif text-2xl font-bold text-stone-900">{RETURN_OR_EXCHANGE}</h1>
        <Alert>
          {order.isError
            ? errorText(order.error, 'This order could not be loaded.')
            : 'This order cannot be returned or exchanged now.'}
        </Alert>
        <Button asChild variant="outline" className="self-start">
          <Link to="/orders">Back to My Orders</Link>
        </Button>
      </div>
    );
  return (
    <ReturnForm
      order={order.data}
      onDone={async (number) => {
        await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
        toast.success(`Return ${number} requested`);
        await navigate('/orders');
      }}
    />
  );
}

function ReturnForm({ order, onDone }: { order: Order; onDone(number: string): Promise<void> }) {
  const items = returnableItems(order);
  const form = useForm<ReturnFormValues>({ defaultValues: initialReturnValues(items) });
  const { register, control, handleSubmit, setError, setValue, formState, clearErrors } = form;
  const [photos, setPhotos] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const errorsOf = (index: number) => {
    const line = formState.errors.lines?.[index];
    return {
      selected: line?.selected?.message,
      quantity: line?.quantity?.message,
      reason: line?.reason?.message,
      exchangeVariantId: line?.exchangeVariantId?.message,
    };
  };
  const show = (field: string, message: string) =>
    setError(field as Parameters<typeof setError>[0], { type: 'server', message }, { shouldFocus: true });

  const onSubmit = async (values: ReturnFormValues) => {
    clearErrors();
    setFailure(null);
    const request = returnRequestOf(values);
    if ('problems' in request) {
      for (const problem of request.problems) show(problem.field, problem.message);
      return;
    }
    let created;
    try {
      created = await createReturn(order.id, request.body);
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      const placed = fields.flatMap(([key, text]) => {
        const field = formFieldOf(key, request.formIndexes);
        if (field) show(field, text);
        return field ? [field] : [];
      });
      if (placed.length === 0) setFailure(errorText(error, SEND_FAILED));
      return;
    }
    for (const photo of photos) {
      try {
        await uploadReturnPhoto(order.id, created.id, photo);
      } catch (error) {
        toast.error(errorText(error, `${photo.name} could not be added to the return.`));
      }
    }
    await onDone(created.number);
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{RETURN_OR_EXCHANGE}</h1>
      <p className="mt-1 text-stone-600">
        Order <span className="font-mono">{order.id}</span>. Choose the items to send back.
      </p>
      <form
        noValidate
        aria-label={RETURN_OR_EXCHANGE}
        onSubmit={handleSubmit(onSubmit)}
        className="mt-6 flex flex-col gap-5"
      >
        <ul className="flex flex-col gap-3">
          {items.map((item, index) => (
            <LineFields
              key={item.id}
              item={item}
              index={index}
              control={control}
              register={register}
              errors={errorsOf(index)}
              exchangesOffered={order.exchangesOffered === true}
              setExchange={(id) => setValue(`lines.${index}.exchangeVariantId`, id, { shouldDirty: true })}
            />
          ))}
        </ul>
        <FieldError>{formState.errors.root?.message}</FieldError>
        <div className="flex flex-col gap-2">
          <Label htmlFor="return-photos">Photos (up to {MAX_RETURN_PHOTOS}, optional)</Label>
          <input
            id="return-photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              setPhotos((current) => [...current, ...chosen].slice(0, MAX_RETURN_PHOTOS));
              event.target.value = '';
            }}
            disabled={photos.length >= MAX_RETURN_PHOTOS}
          />
          <Button asChild variant="outline" className="self-start">
            <label htmlFor="return-photos">
              <ImagePlus aria-hidden="true" />
              Add photos
            </label>
          </Button>
          {photos.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm text-stone-700" aria-label="Photos to send">
              {photos.map((photo, index) => (
                <li key={`${photo.name}-${index}`} className="flex items-center gap-2">
                  {photo.name}
                  <button
                    type="button"
                    aria-label={`Remove ${photo.name}`}
                    className="rounded p-1 text-stone-500 hover:text-red-700"
                    onClick={() => setPhotos((current) => current.filter((_, at) => at !== index))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="return-note">Note (optional)</Label>
          <Textarea id="return-note" maxLength={MAX_RETURN_NOTE_LENGTH} {...register('note')} />
          <FieldError>{formState.errors.note?.message}</FieldError>
        </div>
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            size="lg"
            disabled={formState.isSubmitting}
            aria-busy={formState.isSubmitting || undefined}
          >
            {formState.isSubmitting ? 'Sending…' : 'Ask for return'}
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to="/orders">Cancel</Link>
          </Button>
        </div>
      </form>
    </div>
  );
}
