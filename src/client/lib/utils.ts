import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (shadcn's `cn`, without tailwind-merge). The primitives style themselves with component
 * classes in styles.css's components layer, so a utility passed in `className` always wins over them;
 * tailwind-merge (~9 KB gzipped) is kept out of the first-load bundle (docs/decisions/005-first-load-budget.md).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
