import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const VERIFY = "To complete your registration, please verify your email. We've just sent you an email with instructions.";

describe('sign-up page', () => {
  it('explains the password rule, flags a weak password as typed, and shows the verify-email sentence after signing up', async () => {
    const fake = installFakeApi({ 'POST /oauth/sign-up': { body: { email: 'nora@example.com', message: VERIFY } } });
    renderApp('/app/signup');
    expect(await screen.findByText(/At least 10 characters, with a letter and a digit or symbol/)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'nora@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Nora New');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    expect(await screen.findByText('The password must be at least 10 characters long.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(fake.calls.filter((c) => c.path === '/oauth/sign-up')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^Password/), '-river-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('status')).textContent).toContain(VERIFY);
    expect(fake.calls.find((c) => c.path === '/oauth/sign-up')?.body).toEqual({ email: 'nora@example.com', name: 'Nora New', password: 'short-river-42' });
    expect(document.title).toBe('Sign up | Ledgerport');
  });

  it("shows the server's message for an email already used", async () => {
    const message = 'An account with the email address demo@ledgerport.local already exists. Sign in, or reset your password if you forgot it.';
    installFakeApi({ 'POST /oauth/sign-up': { status: 409, body: { message, code: 'user.email-taken', httpStatusCode: 409 } } });
    renderApp('/app/signup');
    await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), 'demo@ledgerport.local');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Dana');
    await userEvent.type(screen.getByLabelText(/^Password/), 'river-stone-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });
});

describe('link page', () => {
  it('verifies the email of a verifyEmail link once, as the page opens', async () => {
    const fake = installFakeApi({ 'POST /oauth/verify-email': { body: { email: 'nora@example.com', purpose: 'verify-email', message: 'Your email is verified. You can sign in now.' } } });
    renderApp('/app/oauth/user-management?mode=verifyEmail&token=abc');
    expect((await screen.findByRole('status')).textContent).toContain('Your email is verified. You can sign in now.');
    await waitFor(() => expect(fake.calls.filter((c) => c.path === '/oauth/verify-email')).toHaveLength(1));
    expect(fake.calls[0]?.body).toEqual({ token: 'abc' });
  });

  it('says why a link cannot verify', async () => {
    const message = 'Could not verify email. This link has expired. Sign in to get a new verification email.';
    installFakeApi({ 'POST /oauth/verify-email': { status: 400, body: { message, code: 'auth.link-invalid', httpStatusCode: 400 } } });
    renderApp('/app/oauth/user-management?mode=verifyEmail&token=abc');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it("says the spec's 'Could not verify email. Please try again later.' when the server fails or cannot be reached", async () => {
    installFakeApi({ 'POST /oauth/verify-email': { status: 500, body: { message: 'Something went wrong. Please try again later.', code: 'internal', httpStatusCode: 500 } } });
    renderApp('/app/oauth/user-management?mode=verifyEmail&token=abc');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not verify email. Please try again later.');
  });
});
