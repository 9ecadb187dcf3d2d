/**
 * Return or exchange, /orders/:orderId/return (docs/returns.md "The shopper asks for a return or an exchange"),
 * signed in only: the Delivered order's lines that may still come back, each with a checkbox, the quantity (at
 * most what is left), a reason and — when the shop offers exchanges — 'Refund' or 'Exchange for another size
 * or colour' (the product's other sizes and colours at the same price; sold-out ones struck and disabled as on
 * the product page); up to 3 photos and a note. Submitting asks for the return, then uploads the photos one by
 * one, then opens My Orders where the return shows. The server's refusals appear under the field they name.
 */
import { useState } from 'react';
import { useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { formatRupees } from '@shared/money';
import { RETURN_REASONS, MAX_RETURN_NOTE_LENGTH, MAX_RETURN_PHOTOS } from '@shared/returns/return-rules';
import type { Order } from '@shared/orders/order-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FieldError, Label, Textarea } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api-client';
import { productQueryOptions } from '@client/lib/catalog/product-detail-query';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { trackOrderQueryOptions } from '@client/lib/orders/order-query';
import { variantLabel } from '@client/lib/orders/line-text';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import { canAskForReturn, indiaToday, RETURN_OR_EXCHANGE } from './order-after-delivery-view';
import {
  exchangeChoices,
  formFieldOf,
  initialReturnValues,
  returnableItems,
  returnRequestOf,
  type ReturnFormValues,
} from './return-request-form';
import { createReturn, uploadReturnPhoto } from './returns-api';

const selectClass = 'field';
/** Shown when the request fails without a text of the server's. */
const SEND_FAILED = 'Your return could not be sent. Please try again.';
type Item = Order['items'][number];

/** The exchange's size and colour buttons of one line (its product read from the catalogue). */
function ExchangeChoices({
  item,
  value,
  onChange,
  error,
}: {
  item: Item;
  value: string;
  onChange(id: string): void;
  error?: string | undefined;
}) {
  const product = useQuery({
    ...productQueryOptions(item.productId ?? ''),
    enabled: item.productId !== null,
  });
  const choices = product.data ? exchangeChoices(item, product.data.variants) : [];
  return (
    <div role="group" aria-label={`Size or colour instead of ${variantLabel(item.size, item.color)}`}>
      {product.isPending && item.productId !== null ? (
        <p className="text-sm text-stone-600">Loading sizes…</p>
      ) : choices.length === 0 ? (
        <p className="text-sm text-stone-600">No other size or colour is sold at this price.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {choices.map((choice) => {
            const label = variantLabel(choice.size, choice.color);
            return (
              <button
                key={choice.id}
                type="button"
                aria-pressed={value === choice.id}
                aria-label={choice.available ? undefined : `${label}, sold out`}
                disabled={!choice.available}
                onClick={() => onChange(choice.id)}
                className={cn(
                  'min-h-10 min-w-12 rounded-md border px-3 text-sm font-medium',
                  !choice.available
                    ? 'cursor-not-allowed border-dashed border-stone-300 bg-stone-50 text-stone-400 line-through'
                    : value === choice.id
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600',
                )}
              >
                {label}
              </button>
            );
          })}
        </div>
      )}
      <FieldError className="mt-1">{error}</FieldError>
    </div>
  );
}

function LineFields({
  item,
  index,
  control,
  register,
  errors,
  exchangesOffered,
  setExchange,
}: {
  item: Item;
  index: number;
  control: Control<ReturnFormValues>;
  register: UseFormRegister<ReturnFormValues>;
  errors: Record<string, string | undefined>;
  exchangesOffered: boolean;
  setExchange(id: string): void;
}) {
  const line = useWatch({ control, name: `lines.${index}` });
  const id = `return-line-${item.id}`;
  const left = item.returnableQuantity ?? 0;
  const variant = variantLabel(item.size, item.color);
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" data-testid="return-line">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-selected`}
          type="checkbox"
          className="mt-1 size-5 accent-brand-700"
          aria-invalid={errors.selected ? true : undefined}
          {...register(`lines.${index}.selected`)}
        />
        <Label htmlFor={`${id}-selected`} className="flex-1">
          <span className="block font-medium text-stone-900">{item.productTitle}</span>
          {variant && <span className="block text-sm font-normal text-stone-600">{variant}</span>}
          <span className="block text-sm font-normal text-stone-600">{formatRupees(item.price)} each</span>
        </Label>
      </div>
      <FieldError className="mt-1">{errors.selected}</FieldError>
      {line?.selected && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-quantity`}>{item.unit === 'm' ? 'Metres' : 'Quantity'}</Label>
            {item.unit === 'm' ? (
              <input
                id={`${id}-quantity`}
                type="number"
                step="0.001"
                min="0"
                max={left}
                className={selectClass}
                {...register(`lines.${index}.quantity`)}
              />
            ) : (
              <select id={`${id}-quantity`} className={selectClass} {...register(`lines.${index}.quantity`)}>
                {Array.from({ length: left }, (_, n) => n + 1).map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </select>
            )}
            <FieldError>{errors.quantity}</FieldError>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <select
              id={`${id}-reason`}
              className={selectClass}
              aria-invalid={errors.reason ? true : undefined}
              {...register(`lines.${index}.reason`)}
            >
              <option value="">Choose a reason</option>
              {Object.entries(RETURN_REASONS).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
            <FieldError>{errors.reason}</FieldError>
          </div>
          <fieldset className="flex flex-col gap-2 sm:col-span-2">
            <legend className="field-label mb-1">What would you like?</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value="refund"
                className="size-4 accent-brand-700"
                {...register(`lines.${index}.mode`)}
              />
              Refund
            </label>
            {exchangesOffered && item.variantId !== null && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value="exchange"
                  className="size-4 accent-brand-700"
                  {...register(`lines.${index}.mode`)}
                />
                Exchange for another size or colour
              </label>
            )}
            {line.mode === 'exchange' && (
              <ExchangeChoices
                item={item}
                value={line.exchangeVariantId}
                onChange={setExchange}
                error={errors.exchangeVariantId}
              />
            )}
          </fieldset>
        </div>
      )}
    </li>
  );
}

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
