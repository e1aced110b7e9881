/**
 * The spec's strict referrer check for the accounting connect pages: arriving from another site
 * (a referrer of another origin) sends the user to /admin. The /cb step is exempt because the
 * accounting system itself links there; the server checks its single-use state instead.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

export function isForeignReferrer(referrer: string, origin: string): boolean {
  if (!referrer) return false;
  try {
    return new URL(referrer).origin !== origin;
  } catch {
    return true;
  }
}

export function useStrictReferrer(isExempt: boolean): boolean {
  const navigate = useNavigate();
  const isRefused = !isExempt && isForeignReferrer(document.referrer, window.location.origin);
  useEffect(() => {
    if (isRefused) void navigate('/admin', { replace: true });
  }, [isRefused, navigate]);
  return isRefused;
}
