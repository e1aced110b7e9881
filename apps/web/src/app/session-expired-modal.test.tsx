import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { announceSessionExpired } from '../lib/session-events';
import { readTokenSet } from '../lib/token-store';
import { signIn } from '../test-support/fake-api';
import { Providers } from './providers';
import { SessionExpiredModal, loginUrlFor } from './session-expired-modal';

describe('Session Expired modal', () => {
  it('shows the message and goes to /login after 3.5 s', () => {
    vi.useFakeTimers();
    signIn();
    const redirect = vi.fn();
    render(
      <Providers env="test">
        <SessionExpiredModal redirect={redirect} />
      </Providers>,
    );
    act(() => announceSessionExpired());
    expect(screen.getAllByText('You are about to be redirected to the login page.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Session Expired').length).toBeGreaterThan(0);
    act(() => {
      vi.advanceTimersByTime(3_499);
    });
    expect(redirect).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(redirect).toHaveBeenCalledWith(expect.stringMatching(/^\/app\/login/));
    expect(readTokenSet()).toBeUndefined();
  });

  it('returns to the current page after signing in again', () => {
    expect(loginUrlFor({ pathname: '/app/mapping', search: '?x=1' })).toBe(`/app/login?continue=${encodeURIComponent('/app/mapping?x=1')}`);
  });
});
