/**
 * The payment form rendered from the server's definitions (spec §3, §5 "Payment form"): values start from
 * `initialFieldValue` (a required phone starts as +91), phone values go through the +91 mask on every change,
 * `showWhenFilled` fields appear once a listed field is filled (hidden ones are neither validated nor sent).
 * Submit validates the visible fields; a failure shows the messages under the fields and the 'Validation
 * Error' toast. Editing a field clears its error; leaving an edited field checks it again. The button is
 * disabled while busy or while a visible required field is empty.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import {
  hasEmptyRequiredField,
  initialFieldValue,
  isFieldVisible,
  maskIndianPhone,
  PHONE_DEFAULT_MAX_LENGTH,
  validateField,
  validatePaymentFields,
  type PaymentFieldDefinition,
  type PaymentFieldValue,
  type PaymentFieldValues,
} from '@shared/payments/payment-fields';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/notify';
import { hasPhoneMask, submittedFields } from './payment-submission';
import {
  PAY_LABEL,
  PROCESSING_LABEL,
  VALIDATION_ERROR_DESCRIPTION,
  VALIDATION_ERROR_TITLE,
} from './payment-texts';
import { PaymentField } from './payment-field';

export type PaymentFormProps = {
  definitions: PaymentFieldDefinition[];
  /** A payment call is running (or the browser is leaving for the gateway). */
  busy: boolean;
  /** Sends the visible fields; resolves with the server's per-field messages when it refused some. */
  onSubmit: (fields: Record<string, string | boolean>) => Promise<Record<string, string> | void>;
};

const initialValues = (definitions: PaymentFieldDefinition[]): PaymentFieldValues =>
  Object.fromEntries(definitions.map((field) => [field.name, initialFieldValue(field)]));

export function PaymentForm({ definitions, busy, onSubmit }: PaymentFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PaymentFieldValues>(() => initialValues(definitions));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Fields the shopper has changed: leaving one of them checks it (so an emptied required field says so).
  const edited = useRef(new Set<string>());
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

  const focusField = (name: string) => {
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    element?.focus();
  };

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = definitions.find((field) => found[field.name]);
    if (first) focusField(first.name);
  };

  const change = (field: PaymentFieldDefinition, raw: PaymentFieldValue) => {
    const value =
      typeof raw === 'string' && hasPhoneMask(field)
        ? maskIndianPhone(raw, field.rules?.maxLength ?? PHONE_DEFAULT_MAX_LENGTH)
        : raw;
    edited.current.add(field.name);
    setValues((current) => ({ ...current, [field.name]: value }));
    if (errors[field.name]) {
      setErrors(({ [field.name]: _cleared, ...rest }) => rest);
    }
  };

  const leave = (field: PaymentFieldDefinition) => {
    if (!edited.current.has(field.name)) return;
    const message = validateField(field, values[field.name]);
    if (!message) return;
    const show = () => setErrors((current) => ({ ...current, [field.name]: message }));
    // Left by pressing on another control: show the message once the press is over, so the text appearing
    // above does not move that control from under the pointer before its click lands.
    if (pointerDown.current) window.addEventListener('pointerup', () => setTimeout(show), { once: true });
    else show();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validatePaymentFields(definitions, values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      toast.error(VALIDATION_ERROR_TITLE, { description: VALIDATION_ERROR_DESCRIPTION });
      return;
    }
    setErrors({});
    const refused = await onSubmit(submittedFields(definitions, values));
    if (refused && Object.keys(refused).length > 0) {
      showErrors(refused);
      toast.error(VALIDATION_ERROR_TITLE, { description: VALIDATION_ERROR_DESCRIPTION });
    }
  };

  const visible = definitions.filter((field) => isFieldVisible(field, values, definitions));
  const incomplete = hasEmptyRequiredField(definitions, values);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Payment details"
      onSubmit={submit}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-stone-600">
        Fields marked <span className="text-red-600">*</span> are required.
      </p>
      {visible.map((field) => (
        <PaymentField
          key={field.name}
          field={field}
          value={values[field.name]}
          error={errors[field.name]}
          phone={hasPhoneMask(field)}
          disabled={busy}
          onChange={(value) => change(field, value)}
          onBlur={() => leave(field)}
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
        {busy ? PROCESSING_LABEL : PAY_LABEL}
      </Button>
      {incomplete && !busy && (
        <p className="-mt-2 text-center text-xs text-stone-500">Fill in the required fields to continue.</p>
      )}
    </form>
  );
}
