import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps & { asChild?: boolean };

/** shadcn-style button; `asChild` renders its child (e.g. a router Link) with the button styles. */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
