/**
 * The coupon code the shopper applied (docs/discounts.md), kept for this browser tab in `sessionStorage` so the
 * cart's 'Apply coupon' carries on to checkout. The server checks and prices it on every quote and again on the
 * order; this only remembers what was typed.
 */
import { useCallback, useState } from 'react';

const STORAGE_KEY = 'resham-coupon-code';

/** The applied code, '' when none (or storage is not available). */
export function appliedCouponCode(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function storeCouponCode(code: string): void {
  try {
    if (code) sessionStorage.setItem(STORAGE_KEY, code);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the code lives as long as the page.
  }
}

/** Forgets the applied code (the order that used it was placed). */
export function forgetAppliedCoupon(): void {
  storeCouponCode('');
}

/** The applied code and its setter ('' removes it). */
export function useAppliedCoupon(): [string, (code: string) => void] {
  const [code, setCode] = useState(appliedCouponCode);
  const apply = useCallback((next: string) => {
    const trimmed = next.trim().toUpperCase();
    storeCouponCode(trimmed);
    setCode(trimmed);
  }, []);
  return [code, apply];
}
