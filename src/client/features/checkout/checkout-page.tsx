/**
 * Checkout, /checkout (docs/product.md §2 "Checkout", §4 "Purchase flow", §5 "Checkout", §8 "Orders and payment
 * errors"): the shipping form — with the account's saved addresses to pick and 'Save this address' — and the
 * order summary. Shown only inside RequireAuth. A typed PIN code fills in its state. Submitting checks the
 * cart and the six fields (toasts with the storefront's texts), then the shared address schema through the form's
 * resolver (messages under the inputs), then creates the order; on success the cart is emptied and the
 * payment page opens for the order. Address problems the server finds go under the inputs too.
 */
import { clearCartAddOns } from '@client/lib/add-ons/cart-add-ons';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { INDIAN_STATE_NAMES, stateOfPinCode } from '@shared/gst/indian-states';
import type { ShippingAddress } from '@shared/orders/shipping-address-schema';
import { FormField } from '@client/components/ui/form-field';
import { Input, inputClassName } from '@client/components/ui/input';
import { useAddressBook, useSaveAddressMutation } from '@client/lib/account/address-book-api';
import { useCart } from '@client/lib/cart/cart-context';
import { errorText } from '@client/lib/error-text';
import { useAccountInfo } from '@client/lib/session/account-info-query';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useCreateOrderMutation } from './checkout-api';
import { CheckoutSummary, type CheckoutFailure } from './checkout-summary';
import { appliedCouponCode, forgetAppliedCoupon } from '@client/lib/discounts/applied-coupon';
import { SaveAddressCheckbox, SavedAddressPicker } from './saved-addresses';
import {
  accountFullName,
  blankShippingFields,
  CART_EMPTY_DESCRIPTION,
  CART_EMPTY_TITLE,
  cartLimitProblems,
  createOrderBody,
  createOrderFailure,
  EMPTY_SHIPPING_FORM,
  fieldMessage,
  PLACE_ORDER_ERROR_DESCRIPTION,
  PLACE_ORDER_ERROR_TITLE,
  refusedFormToast,
  SAVE_ADDRESS_FAILED_TITLE,
  SHIPPING_FIELDS,
  SHIPPING_LABELS,
  SHIPPING_ADDRESS_PREFIX,
  shippingResolver,
  type ShippingField,
  type ShippingFormValues,
} from './checkout-form';
import { idempotencyKeyFor, newIdempotencyKey } from './checkout-idempotency';

export function CheckoutPage() {
  const navigate = useNavigate();
  const { items, clearCart } = useCart();
  const { brand } = useStoreInfo();
  const account = useAccountInfo();
  const createOrder = useCreateOrderMutation();
  const addressBook = useAddressBook();
  const saveAddress = useSaveAddressMutation();
  const [saveThisAddress, setSaveThisAddress] = useState(false);
  // 'Send me order updates on WhatsApp': not ticked unless the shopper ticks it (docs/messages.md "Consent").
  const [whatsappOptIn, setWhatsappOptIn] = useState(false);
  const savedAddresses = addressBook.data?.addresses ?? [];
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
    control,
    formState: { errors },
  } = useForm<ShippingFormValues, unknown, ShippingAddress>({
    resolver: shippingResolver,
    defaultValues: EMPTY_SHIPPING_FORM,
    // Editing a field clears its message; the address is checked again on the next submit.
    reValidateMode: 'onSubmit',
  });

  const chosenState = useWatch({ control, name: 'state' });
  const typedPostalCode = useWatch({ control, name: 'postalCode' });

  // Prefill the name from the account once it is known, unless the shopper has typed one or is typing in the
  // field right now (a value set under the caret would be typed onto).
  const accountName = accountFullName(account.data);
  useEffect(() => {
    const typing = document.activeElement?.getAttribute('name') === 'fullName';
    if (accountName && !typing && !getValues('fullName') && !getFieldState('fullName').isDirty) {
      setValue('fullName', accountName);
    }
  }, [accountName, getValues, getFieldState, setValue]);

  // A typed PIN code fills in its state when its first three digits belong to one state only (docs/product.md
  // §2.11); the State field stays visible and can still be changed.
  useEffect(() => {
    const pinState = /^[1-9][0-9]{5}$/.test(typedPostalCode.trim())
      ? stateOfPinCode(typedPostalCode)
      : undefined;
    if (pinState && getValues('state') !== pinState.name) {
      setValue('state', pinState.name, { shouldDirty: true });
      clearErrors('state');
    }
  }, [typedPostalCode, getValues, setValue, clearErrors]);

  const placeOrder = async (address: ShippingAddress) => {
    const limits = cartLimitProblems(items);
    if (limits.length > 0) {
      setFailure({ message: limits[0]!, productProblems: limits.slice(1), showOrdersLink: false });
      return;
    }
    const body = {
      ...createOrderBody(items, address, appliedCouponCode()),
      ...(whatsappOptIn ? { whatsappOptIn: true } : {}),
    };
    const thisAttempt = idempotencyKeyFor(attempt, body, newIdempotencyKey);
    setAttempt(thisAttempt);
    try {
      const orderId = await createOrder.mutateAsync({ body, idempotencyKey: thisAttempt.key });
      if (saveThisAddress) {
        // Saved once the order is placed with it; a refused save (a full book) is said, the order stands.
        try {
          await saveAddress.mutateAsync(address);
        } catch (error) {
          toast.error(SAVE_ADDRESS_FAILED_TITLE, { description: errorText(error) });
        }
      }
      clearCart({ announce: false });
      clearCartAddOns();
      forgetAppliedCoupon();
      navigate(`/payment?orderId=${encodeURIComponent(orderId)}`, { replace: true });
    } catch (error) {
      setFailure(createOrderFailure(error, items));
      setFieldErrors(error, setError, SHIPPING_FIELDS, {
        prefix: SHIPPING_ADDRESS_PREFIX,
        message: fieldMessage,
      });
      toast.error(PLACE_ORDER_ERROR_TITLE, { description: PLACE_ORDER_ERROR_DESCRIPTION });
    }
  };

  const busy = createOrder.isPending || saveAddress.isPending;
  // The order of docs/product.md §5.5 "Checkout": the cart first, then blank fields ('Please fill in: City'), then the
  // address checks ('Please check: PIN code').
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (items.length === 0) {
      toast.error(CART_EMPTY_TITLE, { description: CART_EMPTY_DESCRIPTION });
      return;
    }
    void handleSubmit(placeOrder, (invalid) => {
      const refused = refusedFormToast(
        blankShippingFields(getValues()),
        SHIPPING_FIELDS.filter((name) => invalid[name]),
      );
      if (refused) toast.error(refused.title, { description: refused.description });
    })(event);
  };

  const pickSavedAddress = (saved: ShippingFormValues) => {
    for (const name of SHIPPING_FIELDS) setValue(name, saved[name], { shouldDirty: true });
    clearErrors();
  };
  const field = (name: ShippingField) =>
    register(name, { onChange: () => errors[name] && clearErrors(name) });
  const shippingField = (name: ShippingField, className?: string) => ({
    id: `checkout-${name}`,
    label: SHIPPING_LABELS[name],
    required: true,
    error: errors[name]?.message,
    className,
  });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="mb-6 font-serif text-2xl font-bold text-stone-900 sm:text-3xl">Checkout</h1>

      <form
        noValidate
        aria-label="Checkout"
        onSubmit={submit}
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

          <SavedAddressPicker addresses={savedAddresses} onPick={pickSavedAddress} />

          <div className="mt-5 grid gap-4 sm:grid-cols-2">
            <FormField {...shippingField('fullName', 'sm:col-span-2')}>
              {(control) => <Input {...control} required autoComplete="name" {...field('fullName')} />}
            </FormField>
            <FormField {...shippingField('address', 'sm:col-span-2')}>
              {(control) => (
                <Input
                  {...control}
                  required
                  autoComplete="street-address"
                  placeholder="House no., street, area"
                  {...field('address')}
                />
              )}
            </FormField>
            <FormField {...shippingField('city')}>
              {(control) => <Input {...control} required autoComplete="address-level2" {...field('city')} />}
            </FormField>
            <FormField {...shippingField('state')}>
              {(control) => (
                // The place of supply of the order's GST: one of the 36 states and union territories.
                <select
                  {...control}
                  required
                  autoComplete="address-level1"
                  className={inputClassName}
                  {...field('state')}
                >
                  <option value="">Select your state</option>
                  {INDIAN_STATE_NAMES.map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField {...shippingField('postalCode')}>
              {(control) => (
                <Input
                  {...control}
                  required
                  autoComplete="postal-code"
                  inputMode="numeric"
                  maxLength={6}
                  placeholder="6-digit PIN code"
                  {...field('postalCode')}
                />
              )}
            </FormField>
            <FormField {...shippingField('phone')} hint="Indian mobile number with +91, e.g. +91 98765 43210">
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  required
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="+91 98765 43210"
                  {...field('phone')}
                />
              )}
            </FormField>
          </div>
          {addressBook.isSuccess && (
            <SaveAddressCheckbox
              checked={saveThisAddress}
              onChange={setSaveThisAddress}
              saved={savedAddresses.length}
            />
          )}
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={whatsappOptIn}
              onChange={(event) => setWhatsappOptIn(event.target.checked)}
            />
            Send me order updates on WhatsApp
          </label>
        </section>

        <CheckoutSummary failure={failure} busy={busy} state={chosenState} postalCode={typedPostalCode} />
      </form>
    </div>
  );
}
