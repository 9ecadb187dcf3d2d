/**
 * Checkout, /checkout (spec §2 "Checkout", §4 "Purchase flow", §5 "Checkout", §8 "Orders and payment
 * errors"): the shipping form and the order summary. Shown only inside RequireAuth. Submitting checks the
 * cart and the six fields (toasts with the spec's texts), then the shared address schema (messages under the
 * inputs), then creates the order; on success the cart is emptied and the payment page opens for the order.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FieldError, Input, Label } from '@client/components/ui/input';
import { useCart } from '@client/lib/cart/cart-context';
import { useAccountInfo } from '@client/lib/session/account-info-query';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { toast } from '@client/lib/notify';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import { useCreateOrderMutation } from './checkout-api';
import { CheckoutSummary, type CheckoutFailure } from './checkout-summary';
import { INDIAN_STATES } from './indian-states';
import {
  accountFullName,
  blankShippingFields,
  CART_EMPTY_DESCRIPTION,
  CART_EMPTY_TITLE,
  cartLimitProblems,
  createOrderBody,
  createOrderFailure,
  EMPTY_SHIPPING_FORM,
  FILL_ALL_DESCRIPTION,
  FILL_ALL_TITLE,
  fieldMessage,
  idempotencyKeyFor,
  newIdempotencyKey,
  PLACE_ORDER_ERROR_DESCRIPTION,
  PLACE_ORDER_ERROR_TITLE,
  SHIPPING_FIELDS,
  SHIPPING_LABELS,
  shippingFieldErrors,
  type ShippingField,
  type ShippingFormValues,
} from './checkout-form';

export function CheckoutPage() {
  const navigate = useNavigate();
  const { items, clearCart } = useCart();
  const { brand } = useStoreInfo();
  const account = useAccountInfo();
  const createOrder = useCreateOrderMutation();
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  // The Idempotency-Key of this checkout attempt: kept while the request body stays the same.
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  useDocumentTitle(`Checkout | ${brand}`);

  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    getValues,
    getFieldState,
    formState: { errors },
  } = useForm<ShippingFormValues>({ defaultValues: EMPTY_SHIPPING_FORM });

  // Prefill the name from the account once it is known, unless the shopper has typed one.
  const accountName = accountFullName(account.data);
  useEffect(() => {
    if (accountName && !getValues('fullName') && !getFieldState('fullName').isDirty) {
      setValue('fullName', accountName);
    }
  }, [accountName, getValues, getFieldState, setValue]);

  const showFieldErrors = (fieldErrors: Partial<Record<ShippingField, string>>) => {
    const fields = SHIPPING_FIELDS.filter((field) => fieldErrors[field]);
    fields.forEach((field, index) =>
      setError(field, { message: fieldErrors[field] }, { shouldFocus: index === 0 }),
    );
  };

  const onSubmit = async (values: ShippingFormValues) => {
    if (createOrder.isPending) return;
    setFailure(null);
    if (items.length === 0) {
      toast.error(CART_EMPTY_TITLE, { description: CART_EMPTY_DESCRIPTION });
      return;
    }
    const blank = blankShippingFields(values);
    if (blank.length > 0) {
      toast.error(FILL_ALL_TITLE, { description: FILL_ALL_DESCRIPTION });
      showFieldErrors(Object.fromEntries(blank.map((field) => [field, fieldMessage(field, 'is required')])));
      return;
    }
    const invalid = shippingFieldErrors(values);
    if (Object.keys(invalid).length > 0) {
      showFieldErrors(invalid);
      return;
    }
    const limits = cartLimitProblems(items);
    if (limits.length > 0) {
      setFailure({ message: limits[0]!, productProblems: limits.slice(1) });
      return;
    }

    const body = createOrderBody(items, values);
    const thisAttempt = idempotencyKeyFor(attempt, body, newIdempotencyKey);
    setAttempt(thisAttempt);
    try {
      const orderId = await createOrder.mutateAsync({ body, idempotencyKey: thisAttempt.key });
      clearCart({ announce: false });
      navigate(`/payment?orderId=${encodeURIComponent(orderId)}`, { replace: true });
    } catch (error) {
      const shown = createOrderFailure(error, items);
      setFailure({ message: shown.message, productProblems: shown.productProblems });
      showFieldErrors(shown.fieldErrors);
      toast.error(PLACE_ORDER_ERROR_TITLE, { description: PLACE_ORDER_ERROR_DESCRIPTION });
    }
  };

  const busy = createOrder.isPending;

  const field = (name: ShippingField): UseFormRegisterReturn =>
    register(name, { onChange: () => errors[name] && clearErrors(name) });
  const describedBy = (name: ShippingField, hint?: string) =>
    [hint, errors[name] ? `checkout-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="mb-6 font-serif text-2xl font-bold text-stone-900 sm:text-3xl">Checkout</h1>

      <form
        noValidate
        aria-label="Checkout"
        onSubmit={handleSubmit(onSubmit)}
        className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start [&_input]:scroll-mt-24"
      >
        <section
          aria-labelledby="checkout-shipping"
          className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="checkout-shipping" className="text-lg font-semibold text-stone-900">
            Shipping Information
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            All fields are required<span aria-hidden="true"> (*)</span>.
          </p>

          <div className="mt-5 grid gap-4 sm:grid-cols-2">
            <FormField name="fullName" error={errors.fullName?.message} className="sm:col-span-2">
              <Input
                id="checkout-fullName"
                required
                autoComplete="name"
                aria-invalid={errors.fullName ? true : undefined}
                aria-describedby={describedBy('fullName')}
                {...field('fullName')}
              />
            </FormField>
            <FormField name="address" error={errors.address?.message} className="sm:col-span-2">
              <Input
                id="checkout-address"
                required
                autoComplete="street-address"
                placeholder="House no., street, area"
                aria-invalid={errors.address ? true : undefined}
                aria-describedby={describedBy('address')}
                {...field('address')}
              />
            </FormField>
            <FormField name="city" error={errors.city?.message}>
              <Input
                id="checkout-city"
                required
                autoComplete="address-level2"
                aria-invalid={errors.city ? true : undefined}
                aria-describedby={describedBy('city')}
                {...field('city')}
              />
            </FormField>
            <FormField name="state" error={errors.state?.message}>
              <Input
                id="checkout-state"
                required
                autoComplete="address-level1"
                list="checkout-states"
                aria-invalid={errors.state ? true : undefined}
                aria-describedby={describedBy('state')}
                {...field('state')}
              />
              <datalist id="checkout-states">
                {INDIAN_STATES.map((state) => (
                  <option key={state} value={state} />
                ))}
              </datalist>
            </FormField>
            <FormField name="postalCode" error={errors.postalCode?.message}>
              <Input
                id="checkout-postalCode"
                required
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={6}
                placeholder="6-digit PIN code"
                aria-invalid={errors.postalCode ? true : undefined}
                aria-describedby={describedBy('postalCode')}
                {...field('postalCode')}
              />
            </FormField>
            <FormField
              name="phone"
              error={errors.phone?.message}
              hint={
                <p id="checkout-phone-hint" className="text-xs text-stone-500">
                  Indian mobile number with +91, e.g. +91 98765 43210
                </p>
              }
            >
              <Input
                id="checkout-phone"
                type="tel"
                required
                autoComplete="tel"
                inputMode="tel"
                placeholder="+91 98765 43210"
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={describedBy('phone', 'checkout-phone-hint')}
                {...field('phone')}
              />
            </FormField>
          </div>
        </section>

        <CheckoutSummary failure={failure} busy={busy} />
      </form>
    </div>
  );
}

/** A labelled field with its required mark, an optional hint and its error text. */
function FormField({
  name,
  error,
  hint,
  className,
  children,
}: {
  name: ShippingField;
  error: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={`checkout-${name}`}>
        {SHIPPING_LABELS[name]}
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      </Label>
      {children}
      {hint}
      <FieldError id={`checkout-${name}-error`}>{error}</FieldError>
    </div>
  );
}
