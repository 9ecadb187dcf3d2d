import { describe, expect, it } from 'vitest';
import {
  accountInfoSchema,
  authorizeBodySchema,
  forgotPasswordBodySchema,
  registerBodySchema,
  registerFormSchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
  signInFormSchema,
} from './account-schemas';

/** The issues of a failed parse as `{ field: message }` (first message per field). */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('sign-in form schema (docs/product.md §5 "Sign-in")', () => {
  it('accepts an address and a 6-character password; rememberMe is optional', () => {
    expect(signInFormSchema.parse({ email: ' Asha@Example.com ', password: 'abcdef' })).toEqual({
      email: 'asha@example.com',
      password: 'abcdef',
    });
    expect(signInFormSchema.parse({ email: 'a@b.in', password: 'abcdef', rememberMe: true }).rememberMe).toBe(
      true,
    );
  });

  it('uses the exact messages of docs/product.md', () => {
    expect(problems(signInFormSchema.safeParse({ email: 'asha', password: '12345' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(problems(signInFormSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('register form schema (docs/product.md §5 "Register (screen)")', () => {
  const valid = {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.com',
    password: 'secret-1',
    confirmPassword: 'secret-1',
  };

  it('accepts a valid screen and trims names', () => {
    expect(registerFormSchema.parse({ ...valid, firstName: ' Asha ' }).firstName).toBe('Asha');
  });

  it('puts every message on its field, including a mismatch next to other problems', () => {
    expect(
      problems(
        registerFormSchema.safeParse({
          firstName: 'A',
          lastName: ' B ',
          email: 'asha@',
          password: '12345',
          confirmPassword: '54321',
        }),
      ),
    ).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it("says 'Passwords do not match' on confirmPassword only", () => {
    expect(problems(registerFormSchema.safeParse({ ...valid, confirmPassword: 'secret-2' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('register API body', () => {
  it('normalises names and e-mail and strips unknown fields such as role', () => {
    expect(
      registerBodySchema.parse({
        firstName: '  Asha ',
        lastName: 'Verma ',
        email: ' ASHA@Example.COM',
        password: ' spaced password ',
        role: 'admin',
      }),
    ).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.com',
      password: ' spaced password ',
    });
  });

  it('limits names to 2–50 characters and passwords to 6–128', () => {
    const base = { firstName: 'Al', lastName: 'V'.repeat(50), email: 'a@b.in', password: 'x'.repeat(128) };
    expect(registerBodySchema.safeParse(base).success).toBe(true);
    expect(
      problems(
        registerBodySchema.safeParse({ ...base, firstName: 'F'.repeat(51), password: 'x'.repeat(129) }),
      ),
    ).toEqual({
      firstName: 'First name must be at most 50 characters',
      password: 'Password must be at most 128 characters',
    });
    expect(problems(registerBodySchema.safeParse({ ...base, email: `${'a'.repeat(250)}@b.in` }))).toEqual({
      email: 'Invalid email address',
    });
  });
});

describe('authorize API body and responses', () => {
  it('lower-cases the e-mail and accepts any non-empty password', () => {
    expect(authorizeBodySchema.parse({ email: ' A@B.IN ', password: 'x' })).toEqual({
      email: 'a@b.in',
      password: 'x',
    });
    expect(problems(authorizeBodySchema.safeParse({ email: 'a@b.in', password: '' }))).toEqual({
      password: 'Password is required',
    });
  });

  it('strips anything but the six account fields from an account answer', () => {
    expect(
      accountInfoSchema.parse({
        firstName: 'Asha',
        lastName: 'Verma',
        email: 'asha@example.com',
        phone: null,
        whatsappOptIn: false,
        createdAt: '2025-04-18T10:00:00.000Z',
        passwordHash: '$argon2id$…',
      }),
    ).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.com',
      phone: null,
      whatsappOptIn: false,
      createdAt: '2025-04-18T10:00:00.000Z',
    });
  });

  it('reads an account made by phone: no e-mail yet, empty names', () => {
    const byPhone = {
      firstName: '',
      lastName: '',
      email: null,
      phone: '+919876543210',
      whatsappOptIn: true,
      createdAt: 'x',
    };
    expect(accountInfoSchema.parse(byPhone)).toEqual(byPhone);
  });
});

describe('password reset schemas', () => {
  it('reads the forgot-password e-mail trimmed and lower-cased, with the sign-in message', () => {
    expect(forgotPasswordBodySchema.parse({ email: ' Asha@Example.COM ' })).toEqual({
      email: 'asha@example.com',
    });
    expect(problems(forgotPasswordBodySchema.safeParse({ email: 'asha' }))).toEqual({
      email: 'Invalid email address',
    });
  });

  it('takes any token string and a new password by the register rules', () => {
    expect(resetPasswordBodySchema.parse({ token: 'abc', password: 'k7#pQz' })).toEqual({
      token: 'abc',
      password: 'k7#pQz',
    });
    expect(problems(resetPasswordBodySchema.safeParse({ password: '12345' }))).toEqual({
      token: 'This reset link is invalid or has expired. Please request a new one.',
      password: 'Password must be at least 6 characters',
    });
    expect(problems(resetPasswordBodySchema.safeParse({ token: 't', password: 'x'.repeat(129) }))).toEqual({
      password: 'Password must be at most 128 characters',
    });
  });

  it("checks the reset form's confirmation ('Passwords do not match')", () => {
    expect(resetPasswordFormSchema.safeParse({ password: 'k7#pQz', confirmPassword: 'k7#pQz' }).success).toBe(
      true,
    );
    expect(
      problems(resetPasswordFormSchema.safeParse({ password: 'k7#pQz', confirmPassword: 'k7#pQ' })),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(problems(resetPasswordFormSchema.safeParse({ password: '123', confirmPassword: '12' }))).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });
});
