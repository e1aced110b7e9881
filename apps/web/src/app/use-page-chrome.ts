/** Sets the document title ('{account} - {title} | Ledgerport') and the body class of the route. */
import { useEffect } from 'react';
import { buildPageTitle } from '@ledgerport/core/rules';

export function usePageChrome(title: string, bodyClass: string, accountName?: string | null): void {
  useEffect(() => {
    document.title = buildPageTitle(title, accountName);
  }, [title, accountName]);
  useEffect(() => {
    document.body.classList.add(bodyClass);
    return () => document.body.classList.remove(bodyClass);
  }, [bodyClass]);
}
