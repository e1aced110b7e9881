/** Renders one route: guard (pre-navigation rules), title and body class, layout, then the page (loaded on demand). */
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { settlementsLabel } from '@ledgerport/core/rules';
import { useOptionalSession } from '../lib/session-context';
import { track } from '../lib/track';
import { PageEmptyState } from '../ui/page-empty-state';
import { PageLayout } from './page-layout';
import { focusHeadingOnPageChange } from './page-focus';
import { PageLoading } from './page-loading';
import { RouteGuard } from './route-guard';
import type { RouteMeta } from './route-meta';
import { findRouteMeta, preloadPage } from './route-table';
import { usePageChrome } from './use-page-chrome';

/** Once the page's own code is here, starts downloading the pages it links to (`preloads`). */
function usePreloads(meta: RouteMeta) {
  useEffect(() => {
    if (!meta.preloads?.length || !meta.page) return;
    const links = meta.preloads;
    meta.page
      .preload()
      .then(() => links.forEach((path) => preloadPage(findRouteMeta(path))))
      .catch(() => undefined);
  }, [meta]);
}

export function RoutePage({ meta: declared }: { meta: RouteMeta }) {
  const session = useOptionalSession();
  // The settlements list is titled as the menu labels it: the channel's word (Payouts, Deposits, …).
  const meta = declared.isTitledByChannel && session ? { ...declared, title: settlementsLabel(session.account.salesChannel) } : declared;
  usePageChrome(meta.title, meta.bodyClass, session?.account.accountName);
  usePreloads(declared);
  const { pathname } = useLocation();
  useEffect(() => focusHeadingOnPageChange(pathname), [pathname]);
  // Navigation (spec section 7): one page_viewed per route-table entry shown, with the account's tags (coalesced by the sender).
  const { salesChannel, accountingSystem } = session?.account ?? {};
  useEffect(() => void track('page_viewed', { route: declared.path, salesChannel, accountingSystem }), [declared.path, salesChannel, accountingSystem]);
  return (
    <RouteGuard meta={meta}>
      <PageLayout meta={meta}>
        {/* Inside the layout, so the frame and the page's title stay put while its code loads. */}
        <Suspense fallback={<PageLoading />}>
          {meta.page ? meta.page.element() : meta.empty ? <PageEmptyState what={meta.empty.what} now={meta.empty.now} action={meta.empty.action} /> : null}
        </Suspense>
      </PageLayout>
    </RouteGuard>
  );
}
