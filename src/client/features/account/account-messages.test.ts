import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api-client';
import {
  accountLoadErrorMessage,
  isInvalidResetLink,
  passwordResetFailureMessage,
  prefilledEmail,
  prepareRegistration,
  registerErrorDescription,
  rememberedFrom,
  returnPathFrom,
  signInErrorDescription,
  tokenFromResponse,
} from './account-messages';

describe('signInErrorDescription (docs/product.md §8 login failure)', () => {
  it("uses the server's error field", () => {
    expect(signInErrorDescription(new ApiError('x', 401, { error: 'Invalid email or password' }))).toBe(
      'Invalid email or password',
    );
    expect(
      signInErrorDescription(
        new ApiError('x', 429, { error: 'Too many sign-in attempts. Please try again later.' }),
      ),
    ).toBe('Too many sign-in attempts. Please try again later.');
  });

  it('falls back for an answer without an error field', () => {
    expect(signInErrorDescription(new ApiError('x', 500, null))).toBe(
      'Failed to login. Please check your credentials.',
    );
    expect(signInErrorDescription(new ApiError('x', 401, { message: 'nope' }))).toBe(
      'Failed to login. Please check your credentials.',
    );
  });

  it('says there was no response when none arrived', () => {
    expect(signInErrorDescription(new ApiError('No response from server', 0))).toBe(
      'No response from server. Please try again later.',
    );
  });

  it("otherwise shows the error's message, e.g. the missing token", () => {
    expect(signInErrorDescription(new Error('Authentication failed: Token is missing in the response'))).toBe(
      'Authentication failed: Token is missing in the response',
    );
    expect(signInErrorDescription('weird')).toBe('Failed to login. Please check your credentials.');
  });
});

describe('registerErrorDescription (docs/product.md §8 registration failure)', () => {
  it("uses the server's error field, else the fallback", () => {
    expect(
      registerErrorDescription(
        new ApiError('x', 409, { error: 'An account with this email already exists.' }),
      ),
    ).toBe('An account with this email already exists.');
    expect(registerErrorDescription(new ApiError('x', 0))).toBe('Failed to register. Please try again.');
    expect(registerErrorDescription(new Error('boom'))).toBe('Failed to register. Please try again.');
  });
});

describe('accountLoadErrorMessage (docs/product.md §8 account load failure)', () => {
  it('adds the status when a response arrived', () => {
    expect(accountLoadErrorMessage(new ApiError('x', 500, { error: 'Internal server error' }))).toBe(
      'Failed to load account information (Status: 500)',
    );
    expect(accountLoadErrorMessage(new ApiError('x', 401))).toBe(
      'Failed to load account information (Status: 401)',
    );
  });

  it('says no response was received when none did', () => {
    expect(accountLoadErrorMessage(new ApiError('No response from server', 0))).toBe(
      'Failed to load account information (No response received)',
    );
  });

  it("adds any other error's message", () => {
    expect(accountLoadErrorMessage(new TypeError('bad JSON'))).toBe(
      'Failed to load account information: bad JSON',
    );
    expect(accountLoadErrorMessage(undefined)).toBe('Failed to load account information');
  });
});

describe('tokenFromResponse (docs/product.md §5)', () => {
  it('returns the token', () => {
    expect(tokenFromResponse({ token: 'abc' })).toBe('abc');
  });

  it.each([null, {}, { token: '' }, { token: 42 }, { data: { token: 'abc' } }])('refuses %j', (body) => {
    expect(() => tokenFromResponse(body)).toThrow(
      new Error('Authentication failed: Token is missing in the response'),
    );
  });
});

describe('prepareRegistration (docs/product.md §5 register session layer)', () => {
  const values = { firstName: 'Asha', lastName: 'Verma', password: 'secret-1' };

  it('trims and lower-cases the e-mail and leaves out confirmPassword', () => {
    expect(prepareRegistration({ ...values, email: '  Asha@Example.COM ' })).toEqual({
      ok: true,
      request: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', password: 'secret-1' },
    });
  });

  it.each(['asha example.com', 'as ha@example.com', 'asha@example', '@example.com', 'asha@', ''])(
    'refuses %j so nothing is sent',
    (email) => {
      expect(prepareRegistration({ ...values, email })).toEqual({ ok: false });
    },
  );
});

describe('returnPathFrom and rememberedFrom (docs/product.md §2 "Sign-in")', () => {
  it('returns to the remembered path with its query', () => {
    expect(returnPathFrom({ from: '/checkout' })).toBe('/checkout');
    expect(returnPathFrom({ from: '/payment?orderId=RS-7KQ29XD3' })).toBe('/payment?orderId=RS-7KQ29XD3');
    expect(rememberedFrom({ from: '/checkout', email: 'a@b.in' })).toBe('/checkout');
  });

  it("goes to '/' without a usable origin", () => {
    for (const state of [
      null,
      undefined,
      {},
      { from: 42 },
      { from: 'https://evil.example/' },
      { from: '//evil.example' },
      { from: '/\\evil.example' },
      { from: '/login' },
      { from: '/register?x=1' },
    ]) {
      expect(returnPathFrom(state)).toBe('/');
      expect(rememberedFrom(state)).toBeUndefined();
    }
  });
});

describe('prefilledEmail', () => {
  it('reads the e-mail handed over after registering', () => {
    expect(prefilledEmail({ email: 'asha@example.com', from: '/checkout' })).toBe('asha@example.com');
    expect(prefilledEmail(null)).toBe('');
    expect(prefilledEmail({ email: 7 })).toBe('');
  });
});

describe('password reset failures', () => {
  const invalidLink = 'This reset link is invalid or has expired. Please request a new one.';

  it("shows the server's sentence, else a fallback, and says when no response arrived", () => {
    expect(passwordResetFailureMessage(new ApiError('x', 400, { error: invalidLink }))).toBe(invalidLink);
    expect(
      passwordResetFailureMessage(
        new ApiError('x', 429, { error: 'Too many password reset requests. Please try again later.' }),
      ),
    ).toBe('Too many password reset requests. Please try again later.');
    expect(passwordResetFailureMessage(new ApiError('x', 500, null))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(passwordResetFailureMessage(new ApiError('No response from server', 0))).toBe(
      'No response from server. Please try again later.',
    );
    expect(passwordResetFailureMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });

  it('calls the link unusable only for a 400 that names no field', () => {
    expect(isInvalidResetLink(new ApiError('x', 400, { error: invalidLink }))).toBe(true);
    const refusedPassword = { error: 'Invalid field: password', fields: { password: 'too short' } };
    expect(isInvalidResetLink(new ApiError('x', 400, refusedPassword))).toBe(false);
    expect(isInvalidResetLink(new ApiError('x', 429, { error: 'Too many' }))).toBe(false);
    expect(isInvalidResetLink(new ApiError('x', 0))).toBe(false);
    expect(isInvalidResetLink(new Error('x'))).toBe(false);
  });
});
