/**
 * 'Session Expired' (spec section 4): shown when the refresh token has expired or the refresh
 * failed; after 3.5 s the user goes to /login, with a continue parameter back to where they were.
 */
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SESSION_EXPIRED_REDIRECT_MS } from '@ledgerport/core/rules';
import { isSessionExpiredAnnounced, onSessionExpired } from '../lib/session-events';
import { clearSession } from '../lib/token-store';
import { LazyModal } from '../ui/lazy-modal';

export function loginUrlFor(location: Pick<Location, 'pathname' | 'search'>): string {
  const here = `${location.pathname}${location.search}`;
  const isLogin = location.pathname.startsWith('/app/login');
  return isLogin ? '/app/login' : `/app/login?continue=${encodeURIComponent(here)}`;
}

export function SessionExpiredModal({ redirect = (url: string) => window.location.assign(url) }: { redirect?: (url: string) => void }) {
  const [open, setOpen] = useState(isSessionExpiredAnnounced);
  useEffect(() => {
    const stop = onSessionExpired(() => setOpen(true));
    // The announcement may have come during the first render, before this listener existed.
    if (isSessionExpiredAnnounced()) setOpen(true);
    return stop;
  }, []);
  useEffect(() => {
    if (!open) return;
    const target = loginUrlFor(window.location);
    const timer = setTimeout(() => {
      clearSession();
      redirect(target);
    }, SESSION_EXPIRED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [open, redirect]);
  return (
    <LazyModal opened={open} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title="Session Expired" centered>
      <Text>You are about to be redirected to the login page.</Text>
    </LazyModal>
  );
}
