/**
 * One payment field from its server definition (spec §3 "Payment field definition", §5 "Payment form"): a
 * labelled control per type (text, email, password, number, tel, textarea, native select with a placeholder
 * option, checkbox), the help text and the error linked by aria-describedby, the red border by aria-invalid.
 * `inline` puts the label and the control on one row.
 */
import { useId, type ChangeEvent } from 'react';
import type { PaymentFieldDefinition, PaymentFieldValue } from '@shared/payments/payment-fields';
import { FieldError, Input, inputClassName, Label, Textarea } from '@client/components/ui/input';
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
  onChange: (value: PaymentFieldValue) => void;
  onBlur: () => void;
};

export function PaymentField({ field, value, error, phone, disabled, onChange, onBlur }: PaymentFieldProps) {
  const id = useId();
  const descriptionId = field.description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const required = field.rules?.required === true;
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    name: field.name,
    disabled,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onBlur,
  } as const;
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange(event.target.value);

  const label = (
    <Label htmlFor={id} className={cn(field.inline && field.type !== 'checkbox' && 'max-w-[45%] shrink-0')}>
      {field.label}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      )}
    </Label>
  );
  const help = field.description ? (
    <p id={descriptionId} className="text-xs text-stone-500">
      {field.description}
    </p>
  ) : null;

  if (field.type === 'checkbox') {
    return (
      <div className="flex flex-col gap-1.5" data-field={field.name}>
        <div className="flex items-start gap-3">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-stone-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-500"
          />
          {label}
        </div>
        {help}
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    );
  }

  let control;
  if (field.type === 'textarea') {
    control = <Textarea {...common} value={text} placeholder={field.placeholder} onChange={onText} />;
  } else if (field.type === 'select') {
    control = (
      <select {...common} value={text} onChange={onText} className={cn(inputClassName, 'cursor-pointer')}>
        <option value="">{field.placeholder || `Select ${field.label.toLowerCase()}`}</option>
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
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

  return (
    <div className="flex flex-col gap-1.5" data-field={field.name}>
      {field.inline ? (
        <div className="flex items-center gap-3">
          {label}
          <div className="min-w-0 flex-1">{control}</div>
        </div>
      ) : (
        <>
          {label}
          {control}
        </>
      )}
      {help}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
