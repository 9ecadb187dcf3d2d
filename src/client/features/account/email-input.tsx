/**
 * The e-mail input of the sign-in screens (sign-in, register, forgot password, the OTP sign-in's name step):
 * type email, the browser's e-mail autofill and keyboard, and 'you@example.com' as its placeholder unless given
 * another.
 */
import type { ComponentProps } from 'react';
import { Input } from '@client/components/ui/input';

export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...props} />
  );
}
