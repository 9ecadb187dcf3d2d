/**
 * The one field layout of every form: the label (with a red `*` when required), the control, an optional hint
 * and the error text. The control is rendered by `children` with the props that wire it to the rest: its `id`
 * (the label's target), `aria-invalid` while there is an error and `aria-describedby` naming the hint
 * (`{id}-hint`) and the error (`{id}-error`), so screen readers read both with the control.
 */
import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';
import { FieldError, Label } from './input';

/** What `FormField` hands to its control. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** Shows the required mark (the control still carries its own `required`). */
  required?: boolean;
  hint?: ReactNode;
  /** The message under the control; none while the value is fine. */
  error?: string | undefined;
  /**
   * `stacked`: label above the control; `inline`: label and control on one row; `checkbox`: the box, then its
   * label.
   */
  layout?: 'stacked' | 'inline' | 'checkbox';
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  layout = 'stacked',
  className,
  children,
}: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = children({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  });
  const labelElement = (
    <Label htmlFor={id} className={cn(layout === 'inline' && 'max-w-[45%] shrink-0')}>
      {label}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      )}
    </Label>
  );

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {layout === 'stacked' ? (
        <>
          {labelElement}
          {control}
        </>
      ) : layout === 'inline' ? (
        <div className="flex items-center gap-3">
          {labelElement}
          <div className="min-w-0 flex-1">{control}</div>
        </div>
      ) : (
        <div className="flex items-start gap-3">
          {control}
          {labelElement}
        </div>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
