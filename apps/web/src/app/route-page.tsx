/** Renders one route: guard (pre-navigation rules), title and body class, layout, then the page. */
import type { ReactNode } from 'react';
import { AdminPage } from '../features/admin/admin-page';
import { LoginPage } from '../features/login/login-page';
import { LogoutPage } from '../features/logout/logout-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { OrganizationDashboardPage } from '../features/organization/organization-dashboard-page';
import { SwitchPage } from '../features/switch/switch-page';
import { UserProfilePage } from '../features/user-profile/user-profile-page';
import { WhatsNewPage } from '../features/whats-new/whats-new-page';
import { useOptionalSession } from '../lib/session-context';
import { PageEmptyState } from '../ui/page-empty-state';
import { PageLayout } from './page-layout';
import { RouteGuard } from './route-guard';
import type { RouteMeta } from './route-meta';
import { usePageChrome } from './use-page-chrome';

function content(meta: RouteMeta): ReactNode {
  switch (meta.page) {
    case 'admin':
      return <AdminPage />;
    case 'login':
      return <LoginPage />;
    case 'logout':
      return <LogoutPage />;
    case 'not-found':
      return <NotFoundPage />;
    case 'switch':
      return <SwitchPage />;
    case 'organization-dashboard':
      return <OrganizationDashboardPage />;
    case 'whats-new':
      return <WhatsNewPage />;
    case 'user-profile':
      return <UserProfilePage />;
    default:
      return meta.empty ? <PageEmptyState what={meta.empty.what} now={meta.empty.now} action={meta.empty.action} /> : null;
  }
}

export function RoutePage({ meta }: { meta: RouteMeta }) {
  const session = useOptionalSession();
  usePageChrome(meta.title, meta.bodyClass, session?.account.accountName);
  return (
    <RouteGuard meta={meta}>
      <PageLayout meta={meta}>{content(meta)}</PageLayout>
    </RouteGuard>
  );
}
