import { cva, type VariantProps } from 'class-variance-authority';

/**
 * Button styles (component classes in styles.css). Kept apart from `Button` so links styled as buttons on the
 * first-load path do not pull in Radix Slot.
 */
export const buttonVariants = cva('btn', {
  variants: {
    variant: {
      default: 'btn-default',
      secondary: 'btn-secondary',
      outline: 'btn-outline',
      ghost: 'btn-ghost',
      destructive: 'btn-destructive',
      link: 'btn-link',
      gold: 'btn-gold',
    },
    size: {
      default: 'btn-md',
      sm: 'btn-sm',
      lg: 'btn-lg',
      icon: 'btn-icon',
    },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
