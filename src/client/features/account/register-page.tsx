/**
 * Register, /register (docs/product.md §2 "Register", §5, §8): first and last name,
 * e-mail (with the advice to prefer a common provider), password and confirmation, each password with its
 * own toggle. The session layer trims and lower-cases the e-mail and refuses one without a simple address
 * shape before sending. Success does not sign in: it shows 'Account created successfully. You can now log
 * in.' and opens /login with the e-mail prefilled and the remembered origin (e.g. /checkout) kept, so signing
 * in continues the purchase. A refused registration shows one message: under the fields the server named
 * (a common password, an e-mail already registered), else the 'Registration Error' toast (docs/product.md §8). The
 * storefront's inline 'Registration failed. Please try using a different email provider …' is not shown: the
 * server never refuses an address for its provider, so it would never be true (the advice to prefer a
 * common provider stays under the e-mail field). A guest who typed measurements for an add-on on a product
 * page is offered to save them to the new account ('Save the measurements I entered for Blouse stitching as
 * my profile 'Mine''); they are saved at the first sign-in (docs/add-ons.md "Profiles",
 * ../../lib/add-ons/guest-measurements.ts). Rendered inside AuthLayout's card.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { UserPlus } from 'lucide-react';
import {
  registerFormSchema,
  type RegisterFormInput,
  type RegisterFormValues,
} from '@shared/accounts/account-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useDocumentTitle } from '@client/lib/use-document-title';
import {
  keepForNewAccount,
  typedMeasurements,
  type TypedMeasurements,
} from '@client/lib/add-ons/guest-measurements';
import { AuthPageFooter } from './auth-page-footer';
import { PasswordInput } from './password-input';
import { useRegisterMutation } from './account-api';
import {
  EMAIL_PROVIDER_ADVICE,
  INVALID_EMAIL_DESCRIPTION,
  INVALID_EMAIL_TITLE,
  prepareRegistration,
  REGISTER_ERROR_TITLE,
  REGISTER_SUCCESS,
  registerErrorDescription,
  rememberedFrom,
} from './account-messages';
import { EmailInput } from './email-input';

const noChanges = () => () => undefined;

const FORM_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

export function RegisterPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { brand } = useStoreInfo();
  const registerMutation = useRegisterMutation();
  useDocumentTitle(`Create Account | ${brand}`);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const from = rememberedFrom(location.state);
  // Measurements typed as a guest (read in the browser only: the server-rendered page has none).
  const inBrowser = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const typed = useMemo<TypedMeasurements[]>(() => (inBrowser ? typedMeasurements() : []), [inBrowser]);
  const [saveTyped, setSaveTyped] = useState(true);

  const onSubmit = async (values: RegisterFormValues) => {
    const prepared = prepareRegistration(values);
    if (!prepared.ok) {
      toast.error(INVALID_EMAIL_TITLE, { description: INVALID_EMAIL_DESCRIPTION });
      return;
    }
    try {
      await registerMutation.mutateAsync(prepared.request);
      keepForNewAccount(saveTyped ? typed : []);
      toast.success(REGISTER_SUCCESS);
      navigate('/login', { state: { email: prepared.request.email, from } });
    } catch (error) {
      // One message per failure: the fields' own, or the toast when the answer names no field of the form.
      const { shown } = setFieldErrors(error, setError, FORM_FIELDS);
      if (shown.length === 0) {
        toast.error(REGISTER_ERROR_TITLE, { description: registerErrorDescription(error) });
      }
    }
  };

  const busy = isSubmitting || registerMutation.isPending;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1 text-center">
        <p className="font-serif text-lg font-semibold text-brand-700">{brand}</p>
        <h1 className="font-serif text-2xl font-bold text-stone-900">Create an account</h1>
        <p className="text-sm text-stone-600">Join us to check out faster and track your orders.</p>
      </div>

      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="flex flex-col gap-4"
        aria-label="Create an account"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="register-firstName" label="First name" error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...register('firstName')} />}
          </FormField>
          <FormField id="register-lastName" label="Last name" error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...register('lastName')} />}
          </FormField>
        </div>

        <FormField
          id="register-email"
          label="Email"
          hint={EMAIL_PROVIDER_ADVICE}
          error={errors.email?.message}
        >
          {(control) => <EmailInput {...control} placeholder="you@gmail.com" {...register('email')} />}
        </FormField>

        <FormField id="register-password" label="Password" error={errors.password?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
        </FormField>

        <FormField
          id="register-confirmPassword"
          label="Confirm password"
          error={errors.confirmPassword?.message}
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...register('confirmPassword')} />
          )}
        </FormField>

        {typed.length > 0 && (
          <label className="flex items-start gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              className="mt-1"
              checked={saveTyped}
              onChange={(event) => setSaveTyped(event.target.checked)}
            />
            <span>
              Save the measurements I entered for{' '}
              {[...new Set(typed.flatMap((entry) => entry.titles))].join(', ')} as my profile{' '}
              {typed.map((entry) => `'${entry.name}'`).join(', ')}
            </span>
          </label>
        )}

        <Button type="submit" size="lg" disabled={busy} className="w-full">
          <UserPlus aria-hidden="true" />
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>

      <p className="text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link
          to="/login"
          state={from ? { from } : undefined}
          className="rounded font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>

      <AuthPageFooter action="creating an account" />
    </div>
  );
}
