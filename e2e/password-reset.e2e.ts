/**
 * Forgotten passwords in the browser: sign-in's 'Forgot password?' link → the request → the reset e-mail as
 * the server wrote it to its outbox folder (`DATA_DIR/outbox/*.eml`) → its link → a new password → sign-in
 * with it, the old session ended and the link used up. And the register screen's one message for a password
 * the server refuses. Registers one customer (the suite shares the sign-up limit of one client address).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, sharedServer } from './browser';
import { apiCall, eventually, toastByTitle, useStorefront, waitForPath, waitForToast } from './helpers';
import { findInMailTo } from './outbox-mail';

const { newPage } = useStorefront();

const PASSWORD = 'Mulmul-cotton-4417';
const NEW_PASSWORD = 'Kanjeevaram-gold-5520';
const COMMON = 'This password is too common. Please choose a less common password.';
const REQUESTED =
  'If an account exists for this email, we have sent a link to reset your password. The link is valid for 30 minutes.';
const DONE = 'Your password has been reset. Please sign in with your new password.';
const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';

const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** The reset link of the newest mail in the server's outbox folder addressed to `email`. */
const resetLinkMailedTo = (email: string) =>
  findInMailTo(sharedServer().dataDir, email, /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/);

/** Resolves after two frames, so anything a click's handler set going has been rendered. */
const afterRender = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

describe('forgotten password', () => {
  it('sign-in → forgot password → the mailed link → a new password → sign in with it', async () => {
    const email = uniqueEmail('reset');
    const registered = await apiCall('POST', '/users/register', {
      firstName: 'Kavya',
      lastName: 'Nair',
      email,
      password: PASSWORD,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const signedIn = await apiCall('POST', '/users/authorize', { email, password: PASSWORD });
    const oldToken = (signedIn.body as { token: string }).token;
    expect((await apiCall('GET', '/accountInfo', undefined, oldToken)).status).toBe(200);

    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    await page.getByLabel('Email').fill(` ${email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText(REQUESTED, { exact: true }).waitFor();

    const link = await resetLinkMailedTo(email);
    expect(link.startsWith(`${baseUrl()}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    const newPassword = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const submit = page.getByRole('button', { name: 'Reset Password' });

    await newPassword.fill('12345');
    await confirm.fill('12345');
    await submit.click();
    await page.getByText('Password must be at least 6 characters', { exact: true }).waitFor();
    await newPassword.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}x`);
    await submit.click();
    await page.getByText('Passwords do not match', { exact: true }).waitFor();
    await newPassword.fill('password1');
    await confirm.fill('password1');
    await submit.click();
    await page.getByText(COMMON, { exact: true }).waitFor();

    await newPassword.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    const done = waitForToast(page, DONE);
    await submit.click();
    expect(await done).toBe('');
    await waitForPath(page, '/login');

    // Every session of the account has ended; the old password no longer opens one.
    expect((await apiCall('GET', '/accountInfo', undefined, oldToken)).status).toBe(401);
    expect((await apiCall('POST', '/users/authorize', { email, password: PASSWORD })).status).toBe(401);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await waitForToast(page, 'Logged in successfully.')).toBe('');
    await waitForPath(page, '/');

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-7781');
    await page.getByLabel('Confirm new password').fill('Another-pass-7781');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').getByText(INVALID_LINK, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await waitForPath(page, '/forgot-password');
  });

  it('a reset link without a token offers a new link instead of the form', async () => {
    const page = await newPage();
    await page.goto('/reset-password');
    await page.getByRole('alert').getByText(INVALID_LINK, { exact: true }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
  });
});

describe('register with a weak password', () => {
  it('shows one message, under the password field', async () => {
    const page = await newPage();
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await page.getByLabel('First name').fill('Kavya');
    await page.getByLabel('Last name').fill('Nair');
    await page.getByLabel('Email').fill(uniqueEmail('weak'));
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm password').fill('password1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const message = page.locator('#register-password-error');
    await message.waitFor();
    expect(await message.textContent()).toBe(COMMON);
    await afterRender(page);
    await eventually(() => page.getByRole('alert').allTextContents()).toEqual([COMMON]);
    expect(await toastByTitle(page, 'Registration Error').count()).toBe(0);
    expect(await page.getByText(/different email provider/).count()).toBe(0);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });
});
