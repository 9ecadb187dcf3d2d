/**
 * The payment form rendered from the server's definitions (docs/product.md §3, §5 "Payment form"), a react-hook-form
 * whose resolver applies the shared payment-field rules: values start from `initialFieldValue` (a required
 * phone starts as +91), phone values go through the +91 mask on every change, `showWhenFilled` fields appear
 * once a listed field is filled (hidden ones are neither validated nor sent). Submit validates the visible
 * fields; a failure shows the messages under the fields and the 'Validation Error' toast, and so does a 400
 * whose `fields` name inputs. Editing a field clears its error; leaving an edited field checks it again. The
 * button is disabled while busy or while a visible required field is empty; it reads 'Place order' once cash
 * on delivery is chosen (nothing is paid now), else 'Pay Now', and the page hears of each method chosen (it
 * shows that method's amount).
 */
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Lock } from 'lucide-react';
import {
  hasEmptyRequiredField,
  isFieldVisible,
  maskIndianPhone,
  PHONE_DEFAULT_MAX_LENGTH,
  validateField,
  type PaymentFieldDefinition,
  type PaymentFieldValue,
  type PaymentFieldValues,
} from '@shared/payments/payment-fields';
import { Button } from '@client/components/ui/button';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { PaymentField } from './payment-field';
import { startingValues, type PaymentPrefill } from './payment-prefill';
import {
  hasPhoneMask,
  isFieldRefusal,
  PAYMENT_FIELD_PREFIX,
  paymentFailure,
  paymentResolver,
  submittedFields,
} from './payment-submission';
import { METHOD_FIELD, submitLabel } from './method-amount';
import { PROCESSING_LABEL, VALIDATION_ERROR_DESCRIPTION, VALIDATION_ERROR_TITLE } from './payment-texts';

export type PaymentFormProps = {
  definitions: PaymentFieldDefinition[];
  /** A payment call is running (or the browser is leaving for the gateway). */
  busy: boolean;
  /** Sends the visible fields; resolves with the error when the server refused the call, else nothing. */
  onSubmit: (fields: Record<string, string | boolean>) => Promise<unknown>;
  /** Shows a refusal that names no input (above the form, with a toast). */
  onProblem: (message: string) => void;
  /** The order's shipping name and phone, for fields the account did not fill. */
  prefill?: PaymentPrefill;
  /** Hears the chosen payment method ('' while none is chosen), at the start and on each change. */
  onMethodChange?: (method: string) => void;
};

const showValidationToast = () =>
  toast.error(VALIDATION_ERROR_TITLE, { description: VALIDATION_ERROR_DESCRIPTION });

/** True while a pointer is pressed anywhere on the page. */
function usePointerDown() {
  const pointerDown = useRef(false);
  useEffect(() => {
    const down = () => (pointerDown.current = true);
    const up = () => (pointerDown.current = false);
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, []);
  return pointerDown;
}

export function PaymentForm({
  definitions,
  busy,
  onSubmit,
  onProblem,
  prefill,
  onMethodChange,
}: PaymentFormProps) {
  const resolver = useMemo(() => paymentResolver(definitions), [definitions]);
  const { control, handleSubmit, setError, clearErrors, getValues } = useForm<PaymentFieldValues>({
    defaultValues: startingValues(definitions, prefill),
    resolver,
    // Editing a field clears its message; leaving an edited field checks it (below); submit checks them all.
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control });
  const method = typeof values[METHOD_FIELD] === 'string' ? values[METHOD_FIELD] : '';
  useEffect(() => onMethodChange?.(method), [method, onMethodChange]);
  // Fields the shopper has changed: leaving one of them checks it (so an emptied required field says so).
  const edited = useRef(new Set<string>());
  const pointerDown = usePointerDown();

  const change = (
    field: PaymentFieldDefinition,
    raw: PaymentFieldValue,
    onChange: (value: PaymentFieldValue) => void,
  ) => {
    const value =
      typeof raw === 'string' && hasPhoneMask(field)
        ? maskIndianPhone(raw, field.rules?.maxLength ?? PHONE_DEFAULT_MAX_LENGTH)
        : raw;
    edited.current.add(field.name);
    onChange(value);
    clearErrors(field.name);
  };

  const leave = (field: PaymentFieldDefinition) => {
    if (!edited.current.has(field.name)) return;
    const message = validateField(field, getValues(field.name));
    if (!message) return;
    const show = () => setError(field.name, { type: 'validate', message });
    // Left by pressing on another control: show the message once the press is over, so the text appearing
    // above does not move that control from under the pointer before its click lands.
    if (pointerDown.current) window.addEventListener('pointerup', () => setTimeout(show), { once: true });
    else show();
  };

  const visible = definitions.filter((field) => isFieldVisible(field, values, definitions));
  const incomplete = hasEmptyRequiredField(definitions, values);

  const pay = async (checked: PaymentFieldValues) => {
    const refusal = await onSubmit(submittedFields(definitions, checked));
    if (refusal === undefined) return;
    const names = visible.map((field) => field.name);
    const { shown } = isFieldRefusal(refusal)
      ? setFieldErrors(refusal, setError, names, { prefix: PAYMENT_FIELD_PREFIX })
      : { shown: [] };
    if (shown.length > 0) showValidationToast();
    else onProblem(paymentFailure(refusal));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void handleSubmit(pay, showValidationToast)(event);
  };

  return (
    <form noValidate aria-label="Payment details" onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-sm text-stone-600">
        Fields marked <span className="text-red-600">*</span> are required.
      </p>
      {visible.map((field) => (
        <Controller
          key={field.name}
          name={field.name}
          control={control}
          render={({ field: controlled, fieldState }) => (
            <PaymentField
              field={field}
              value={controlled.value}
              error={fieldState.error?.message}
              phone={hasPhoneMask(field)}
              disabled={busy}
              controlRef={controlled.ref}
              onChange={(value) => change(field, value, controlled.onChange)}
              onBlur={() => {
                controlled.onBlur();
                leave(field);
              }}
            />
          )}
        />
      ))}
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        disabled={busy || incomplete}
        aria-busy={busy || undefined}
      >
        <Lock aria-hidden="true" />
        {busy ? PROCESSING_LABEL : submitLabel(method)}
      </Button>
      {incomplete && !busy && (
        <p className="-mt-2 text-center text-xs text-stone-500">Fill in the required fields to continue.</p>
      )}
    </form>
  );
}
