/**
 * `/admin/set-up?token=…`: the one-time link of `npm run admin -- create-owner` or of a staff invitation
 * sets the member's password (twice, the storefront's password rules), then on to sign-in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  memberSetUpFormSchema,
  memberSetUpResponseSchema,
  type MemberSetUpFormValues,
} from '@shared/admin/admin-schemas';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { apiRequest } from '@client/lib/api-client';
import { setFieldErrors } from '@client/lib/form-errors';
import { AuthCard } from './auth-card';

export function SetUpPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<MemberSetUpFormValues>({
    resolver: zodResolver(memberSetUpFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: MemberSetUpFormValues) =>
      apiRequest('/admin/set-up', {
        method: 'POST',
        body: { token, password: values.password },
        schema: memberSetUpResponseSchema,
      }),
    onError: (error) => setFieldErrors(error, form.setError, ['password']),
  });
  const { errors } = form.formState;
  if (mutation.data) {
    return (
      <AuthCard title="Password set">
        <p className="text-sm text-stone-700">{mutation.data.message}</p>
        <Button asChild className="mt-4 h-11 w-full">
          <Link to="/sign-in">Sign in as {mutation.data.email}</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose your password">
      <form
        noValidate
        aria-label="Choose your password"
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <FormField id="setup-password" label="New password" error={errors.password?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
          )}
        </FormField>
        <FormField id="setup-confirm" label="Repeat the password" error={errors.confirmPassword?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          )}
        </FormField>
        <FormError error={mutation.error} />
        <Button type="submit" disabled={mutation.isPending} className="h-11">
          Set password
        </Button>
      </form>
    </AuthCard>
  );
}
