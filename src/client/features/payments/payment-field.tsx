/**
 * One payment field from its server definition (docs/product.md §3 "Payment field definition", §5 "Payment form"): a
 * labelled control per type (text, email, password, number, tel, textarea, native select with a placeholder
 * option, checkbox) in the shared `FormField`, which links the help text and the error by aria-describedby and
 * marks the control aria-invalid (the red border). `inline` puts the label and the control on one row.
 */
import { useId, type ChangeEvent } from 'react';
import type { RefCallBack } from 'react-hook-form';
import type { PaymentFieldDefinition, PaymentFieldValue } from '@shared/payments/payment-fields';
import { FormField, type FieldControlProps } from '@client/components/ui/form-field';
import { Input, inputClassName, Textarea } from '@client/components/ui/input';
import { cn } from '@client/lib/utils';

/** Browser autofill hints by type and name. */
function autoCompleteOf(field: PaymentFieldDefinition, phone: boolean): string | undefined {
  if (phone) return 'tel';
  if (field.type === 'email') return 'email';
  if (field.type === 'password') return 'off';
  const name = field.name.toLowerCase();
  if (name === 'name' || name === 'fullname' || name === 'full_name') return 'name';
  return undefined;
}

export type PaymentFieldProps = {
  field: PaymentFieldDefinition;
  value: PaymentFieldValue | undefined;
  error: string | undefined;
  /** The field is a +91 phone field (the value is masked by the form). */
  phone: boolean;
  disabled?: boolean;
  /** Hands the control's element to react-hook-form, which focuses the first invalid field. */
  controlRef: RefCallBack;
  onChange: (value: PaymentFieldValue) => void;
  onBlur: () => void;
};

export function PaymentField(props: PaymentFieldProps) {
  const { field, error } = props;
  const id = useId();
  return (
    <FormField
      id={id}
      label={field.label}
      required={field.rules?.required === true}
      hint={field.description}
      error={error}
      layout={field.type === 'checkbox' ? 'checkbox' : field.inline ? 'inline' : 'stacked'}
    >
      {(control) => <PaymentControl {...props} control={control} />}
    </FormField>
  );
}

/** The control of one definition's type, wired by `FormField`. */
function PaymentControl({
  field,
  value,
  phone,
  disabled,
  controlRef,
  onChange,
  onBlur,
  control,
}: PaymentFieldProps & { control: FieldControlProps }) {
  const text = typeof value === 'string' ? value : '';
  const common = {
    ...control,
    ref: controlRef,
    name: field.name,
    disabled,
    required: field.rules?.required === true,
    onBlur,
  };
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange(event.target.value);

  switch (field.type) {
    case 'checkbox':
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-stone-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-500"
        />
      );
    case 'textarea':
      return <Textarea {...common} value={text} placeholder={field.placeholder} onChange={onText} />;
    case 'select':
      return (
        <select {...common} value={text} onChange={onText} className={cn(inputClassName, 'cursor-pointer')}>
          <option value="">{field.placeholder || `Select ${field.label.toLowerCase()}`}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    default:
      return (
        <Input
          {...common}
          type={phone ? 'tel' : field.type}
          value={text}
          placeholder={field.placeholder}
          autoComplete={autoCompleteOf(field, phone)}
          inputMode={phone ? 'tel' : field.type === 'number' ? 'decimal' : undefined}
          onChange={onText}
        />
      );
  }
}
