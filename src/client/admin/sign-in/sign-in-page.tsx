/**
 * Admin sign-in (`/admin/sign-in`): e-mail and password of a member of this shop. A wrong password, an
 * unknown e-mail and a customer's account get the same answer; too many failures are refused for a while
 * (the storefront's limits). After signing in (or when already signed in), on to the page that asked, else
 * the dashboard.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import {
  adminSignInBodySchema,
  adminSignInResponseSchema,
  type AdminSignInBody,
  type AdminSignInInput,
} from '@shared/admin/admin-schemas';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { apiRequest } from '@client/lib/api-client';
import { setFieldErrors } from '@client/lib/form-errors';
import { useAdminSession } from '../lib/admin-session';
import { AuthCard } from './auth-card';

export function SignInPage() {
  const { token, signIn } = useAdminSession();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const form = useForm<AdminSignInInput, unknown, AdminSignInBody>({
    resolver: zodResolver(adminSignInBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: (body: AdminSignInBody) =>
      apiRequest('/admin/sign-in', { method: 'POST', body, schema: adminSignInResponseSchema }),
    // With the token set, this page renders the redirect below.
    onSuccess: (answer) => signIn(answer.token),
    onError: (error) => setFieldErrors(error, form.setError, ['email', 'password']),
  });
  if (token) return <Navigate to={from} replace />;
  const { errors } = form.formState;
  return (
    <AuthCard title="Sign in to your shop">
      <form
        noValidate
        aria-label="Sign in"
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <FormField id="admin-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="username"
              inputMode="email"
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField id="admin-password" label="Password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
            />
          )}
        </FormField>
        <FormError error={mutation.error} />
        <Button type="submit" disabled={mutation.isPending} className="h-11">
          {mutation.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
