/** Renders one route: guard (pre-navigation rules), title and body class, layout, then the page. */
import type { ReactNode } from 'react';
import { AdminPage } from '../features/admin/admin-page';
import { SettlementImportPage } from '../features/imports/settlement-import-page';
import { LedgerPage } from '../features/ledger/ledger-page';
import { PostingPage } from '../features/postings/posting-page';
import { NewReconciliationPage } from '../features/reconciliation/new-reconciliation-page';
import { ReconciliationReportPage } from '../features/reconciliation/reconciliation-report-page';
import { ReconciliationReportsPage } from '../features/reconciliation/reconciliation-reports-page';
import { PostingsPage } from '../features/postings/postings-page';
import { ChannelConnectPage, SalesSourcePage } from '../features/channel-connect/channel-connect-page';
import { AccountingConnectPage } from '../features/accounting-connect/accounting-connect-page';
import { ConnectionsSettingsPage } from '../features/account-settings/connections-settings-page';
import { HistorySettingsPage } from '../features/account-settings/history-settings-page';
import { UsersSettingsPage } from '../features/account-users/users-settings-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { NotificationSettingsPage } from '../features/notifications/notification-settings-page';
import { AccountSettingsPage } from '../features/account-settings/account-settings-page';
import { AmazonDeferredTransactionsPage } from '../features/account-settings/amazon-deferred-transactions-page';
import { ProductTypesPage } from '../features/account-settings/product-types-page';
import { SalesGroupingPage } from '../features/account-settings/sales-grouping-page';
import { LoginPage } from '../features/login/login-page';
import { MappingPage } from '../features/mapping/mapping-page';
import { SettlementDetailPage } from '../features/settlement-detail/settlement-detail-page';
import { ExportSettlementsPage } from '../features/settlements/export-settlements-page';
import { SettlementsPage } from '../features/settlements/settlements-page';
import { LogoutPage } from '../features/logout/logout-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { OrganizationDashboardPage } from '../features/organization/organization-dashboard-page';
import { SwitchPage } from '../features/switch/switch-page';
import { ProfileSettingsPage } from '../features/user-profile/profile-settings-page';
import { ForgotPasswordPage } from '../features/sign-up/forgot-password-page';
import { SignUpPage } from '../features/sign-up/sign-up-page';
import { UserManagementPage } from '../features/sign-up/user-management-page';
import { WhatsNewPage } from '../features/whats-new/whats-new-page';
import { useOptionalSession } from '../lib/session-context';
import { PageEmptyState } from '../ui/page-empty-state';
import { PageLayout } from './page-layout';
import { RouteGuard } from './route-guard';
import type { RouteMeta } from './route-meta';
import { usePageChrome } from './use-page-chrome';
import { BetaFeaturesPage } from '../features/account-settings/beta-features-page';
import { AutomationPage } from '../features/account-settings/automation-page';
import { SummaryReportPage } from '../features/reports/summary-report-page';
import { QuestionnaireSupportPage } from '../features/onboarding-questionnaire/questionnaire-support-page';

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
    case 'profile-settings':
      return <ProfileSettingsPage />;
    case 'sign-up':
      return <SignUpPage />;
    case 'forgot-password':
      return <ForgotPasswordPage />;
    case 'user-management':
      return <UserManagementPage />;
    case 'settlements':
      return <SettlementsPage kind="standard" />;
    case 'b2b-settlements':
      return <SettlementsPage kind="b2b" />;
    case 'deferred-revenue-settlements':
      return <SettlementsPage kind="deferred-revenue" />;
    case 'deferred-transactions-settlements':
      return <SettlementsPage kind="deferred-transactions" />;
    case 'overview-settlements':
      return <SettlementsPage kind="overview" />;
    case 'settlement-detail':
      return <SettlementDetailPage />;
    case 'settlement-import':
      return <SettlementImportPage />;
    case 'export-settlement':
      return <ExportSettlementsPage />;
    case 'mapping':
      return <MappingPage />;
    case 'ledger':
      return <LedgerPage />;
    case 'postings':
      return <PostingsPage />;
    case 'posting':
      return <PostingPage />;
    case 'reconciliation-reports':
      return <ReconciliationReportsPage />;
    case 'reconciliation-report-new':
      return <NewReconciliationPage />;
    case 'reconciliation-report':
      return <ReconciliationReportPage />;
    case 'channel-connect':
      return <ChannelConnectPage />;
    case 'sales-source':
      return <SalesSourcePage />;
    case 'accounting-connect':
      return <AccountingConnectPage />;
    case 'connections-settings':
      return <ConnectionsSettingsPage />;
    case 'history-settings':
      return <HistorySettingsPage />;
    case 'notifications':
      return <NotificationsPage />;
    case 'notification-settings':
      return <NotificationSettingsPage />;
    case 'users-settings':
      return <UsersSettingsPage />;
    case 'account-settings':
      return <AccountSettingsPage />;
    case 'sales-grouping-settings':
      return <SalesGroupingPage />;
    case 'product-types-settings':
      return <ProductTypesPage />;
    case 'amazon-deferred-transactions-settings':
      return <AmazonDeferredTransactionsPage />;
    case 'beta-features-settings':
      return <BetaFeaturesPage />;
    case 'automation-settings':
      return <AutomationPage />;
    case 'amazon-summary-report':
      return <SummaryReportPage />;
    case 'account-questionnaire':
      return <QuestionnaireSupportPage />;
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
