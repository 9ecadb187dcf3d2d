/**
 * shadcn/ui's Alert, with the component classes of theme.css: a bordered box for what a screen must say now —
 * a failure (`destructive`), a warning (`warning`), a done step (`success`) or a neutral notice (`neutral`) —
 * with an optional {@link AlertTitle} above the text. It is a live region (`role="alert"`), so a screen
 * reader reads it out when it appears; pass `role="status"` for a polite notice, or `role="none"` for a box
 * inside a live region of its own (one region is read once, two would be read twice). Every screen shows its
 * failures with it (or with `<FormError>` for a form), never with a hand-written block.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

export const alertVariants = cva('alert', {
  variants: {
    variant: {
      destructive: 'alert-destructive',
      warning: 'alert-warning',
      success: 'alert-success',
      neutral: 'alert-neutral',
    },
  },
  defaultVariants: { variant: 'destructive' },
});

export type AlertProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

export function Alert({ className, variant, role = 'alert', ...props }: AlertProps) {
  return (
    <div
      role={role === 'none' ? undefined : role}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

/** The alert's first line, in bold: what happened ('No invoice yet'). */
export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('alert-title', className)} {...props} />;
}
