import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/** The text-field look (component class `field` in styles.css), for inputs not built with `Input`. */
export const inputClassName = 'field';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClassName, 'min-h-28 resize-y', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('field-label', className)} {...props} />;
}

/**
 * A field's error text under its control (what the form's rules or the server refused about this one value),
 * announced to screen readers. A failure of the whole form is a `<FormError>`.
 */
export function FieldError({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children?: string | undefined;
}) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={cn('text-sm text-red-600', className)}>
      {children}
    </p>
  );
}
