/** Renders one route: guard (pre-navigation rules), title and body class, layout, then the page (loaded on demand). */
import { Suspense, type ReactNode } from 'react';
import { settlementsLabel } from '@ledgerport/core/rules';
import { useOptionalSession } from '../lib/session-context';
import { PageEmptyState } from '../ui/page-empty-state';
import { Pages } from './lazy-pages';
import { PageLayout } from './page-layout';
import { PageLoading } from './page-loading';
import { RouteGuard } from './route-guard';
import type { RouteMeta } from './route-meta';
import { usePageChrome } from './use-page-chrome';

function content(meta: RouteMeta): ReactNode {
  switch (meta.page) {
    case 'admin':
      return <Pages.admin.Component />;
    case 'login':
      return <Pages.login.Component />;
    case 'logout':
      return <Pages.logout.Component />;
    case 'not-found':
      return <Pages.notFound.Component />;
    case 'switch':
      return <Pages.switch.Component />;
    case 'organization-dashboard':
      return <Pages.organizationDashboard.Component />;
    case 'partner-dashboard':
      return <Pages.partnerDashboard.Component />;
    case 'partner':
      return <Pages.partner.Component />;
    case 'product-catalog':
      return <Pages.productCatalog.Component />;
    case 'teams':
      return <Pages.teams.Component />;
    case 'team-settings':
      return <Pages.teamSettings.Component />;
    case 'clarity-home':
      return <Pages.clarityHome.Component />;
    case 'clarity-custom':
      return <Pages.clarityCustom.Component />;
    case 'clarity-directory':
      return <Pages.clarityDirectory.Component />;
    case 'clarity-firm':
      return <Pages.clarityFirm.Component />;
    case 'whats-new':
      return <Pages.whatsNew.Component />;
    case 'user-profile':
    case 'profile-settings':
      return <Pages.profileSettings.Component />;
    case 'sign-up':
      return <Pages.signUp.Component />;
    case 'forgot-password':
      return <Pages.forgotPassword.Component />;
    case 'user-management':
      return <Pages.userManagement.Component />;
    case 'settlements':
      return <Pages.settlements.Component kind="standard" />;
    case 'b2b-settlements':
      return <Pages.settlements.Component kind="b2b" />;
    case 'deferred-revenue-settlements':
      return <Pages.settlements.Component kind="deferred-revenue" />;
    case 'deferred-transactions-settlements':
      return <Pages.settlements.Component kind="deferred-transactions" />;
    case 'overview-settlements':
      return <Pages.accountOverview.Component />;
    case 'settlement-detail':
      return <Pages.settlementDetail.Component />;
    case 'settlement-import':
      return <Pages.settlementImport.Component />;
    case 'export-settlement':
      return <Pages.exportSettlements.Component />;
    case 'mapping':
      return <Pages.mapping.Component />;
    case 'ledger':
      return <Pages.ledger.Component />;
    case 'postings':
      return <Pages.postings.Component />;
    case 'posting':
      return <Pages.posting.Component />;
    case 'reconciliation-reports':
      return <Pages.reconciliationReports.Component />;
    case 'reconciliation-report-new':
      return <Pages.newReconciliation.Component />;
    case 'reconciliation-report':
      return <Pages.reconciliationReport.Component />;
    case 'inventory-summary':
      return <Pages.inventorySummary.Component />;
    case 'inventory-locations':
      return <Pages.inventoryLocations.Component />;
    case 'backend-home':
      return <Pages.backendHome.Component />;
    case 'backend-inconsistent-settlements':
      return <Pages.backendInconsistentSettlements.Component />;
    case 'backend-accounts':
      return <Pages.backendAccounts.Component />;
    case 'backend-fetch-history':
      return <Pages.backendFetchHistory.Component />;
    case 'backend-fetch-history-status':
      return <Pages.backendFetchHistoryStatus.Component />;
    case 'channel-connect':
      return <Pages.channelConnect.Component />;
    case 'sales-source':
      return <Pages.salesSource.Component />;
    case 'accounting-connect':
      return <Pages.accountingConnect.Component />;
    case 'connections-settings':
      return <Pages.connectionsSettings.Component />;
    case 'history-settings':
      return <Pages.historySettings.Component />;
    case 'notifications':
      return <Pages.notifications.Component />;
    case 'notification-settings':
      return <Pages.notificationSettings.Component />;
    case 'users-settings':
      return <Pages.usersSettings.Component />;
    case 'account-settings':
      return <Pages.accountSettings.Component />;
    case 'sales-grouping-settings':
      return <Pages.salesGrouping.Component />;
    case 'product-types-settings':
      return <Pages.productTypes.Component />;
    case 'amazon-deferred-transactions-settings':
      return <Pages.amazonDeferredTransactions.Component />;
    case 'beta-features-settings':
      return <Pages.betaFeatures.Component />;
    case 'automation-settings':
      return <Pages.automation.Component />;
    case 'billing':
      return <Pages.billing.Component />;
    case 'subscribe':
      return <Pages.billing.Component variant="subscribe" />;
    case 'billing-migration':
      return <Pages.billing.Component variant="migration" />;
    case 'checkout':
      return <Pages.checkout.Component />;
    case 'checkout-complete':
      return <Pages.checkoutComplete.Component />;
    case 'user-billing':
      return <Pages.subscriptions.Component variant="billing" />;
    case 'user-subscriptions':
      return <Pages.subscriptions.Component variant="subscriptions" />;
    case 'partner-subscriptions':
      return <Pages.subscriptions.Component variant="partner-subscriptions" />;
    case 'firm-billing':
      return <Pages.firmBilling.Component />;
    case 'backend-plans':
      return <Pages.backendPlans.Component />;
    case 'backend-users':
      return <Pages.backendUsers.Component />;
    case 'backend-user':
      return <Pages.backendUser.Component />;
    case 'backend-organizations':
      return <Pages.backendOrganizations.Component />;
    case 'backend-organization':
      return <Pages.backendOrganization.Component />;
    case 'backend-utilities':
      return <Pages.backendUtilities.Component />;
    case 'backend-outside':
      return <Pages.backendOutside.Component />;
    case 'backend-qbo-playground':
      return <Pages.backendQboPlayground.Component />;
    case 'backend-netsuite-suiteql':
      return <Pages.backendSuiteQl.Component />;
    case 'backend-netsuite-records':
      return <Pages.backendNetSuiteRecords.Component />;
    case 'backend-paypal-raw':
      return <Pages.backendPayPalRaw.Component />;
    case 'backend-paypal-refresh':
      return <Pages.backendPayPalRefresh.Component />;
    case 'backend-amazon-groups':
      return <Pages.backendAmazonGroups.Component />;
    case 'backend-amazon-events':
      return <Pages.backendAmazonEvents.Component />;
    case 'account-area-settlements':
      return <Pages.accountAreaSettlements.Component />;
    case 'account-area-connections':
      return <Pages.accountAreaConnections.Component />;
    case 'account-area-users':
      return <Pages.accountAreaUsers.Component />;
    case 'account-area-mappings':
      return <Pages.accountAreaMappings.Component />;
    case 'account-area-billing':
      return <Pages.accountAreaBilling.Component />;
    case 'account-area-feature-flag':
      return <Pages.accountAreaFeatureFlag.Component />;
    case 'account-area-raw-transactions':
      return <Pages.accountAreaRawTransactions.Component />;
    case 'account-area-report':
      return <Pages.accountAreaReport.Component />;
    case 'account-area-utilities':
      return <Pages.accountAreaUtilities.Component />;
    case 'account-area-amazon-data-state':
      return <Pages.accountAreaAmazonDataState.Component />;
    case 'account-area-walmart-utilities':
      return <Pages.accountAreaWalmartUtilities.Component />;
    case 'registered-country-settings':
      return <Pages.registeredCountry.Component />;
    case 'netsuite-configuration-settings':
      return <Pages.netSuiteConfiguration.Component />;
    case 'paypal-settings':
      return <Pages.payPalSettings.Component />;
    case 'amazon-pay-settings':
      return <Pages.amazonPaySettings.Component />;
    case 'statement-accounts-and-taxes-settings':
      return <Pages.statementAccountsAndTaxes.Component />;
    case 'cogs-settings':
      return <Pages.cogsSettings.Component />;
    case 'inventory-settings':
      return <Pages.inventorySettings.Component />;
    case 'cost-admin':
      return <Pages.costAdmin.Component />;
    case 'export-cogs':
      return <Pages.exportCogs.Component />;
    case 'amazon-summary-report':
      return <Pages.summaryReport.Component />;
    case 'shopify-finance-report':
      return <Pages.shopifyFinanceReport.Component />;
    case 'shopify-gift-cards':
      return <Pages.shopifyGiftCards.Component />;
    case 'shopify-orders':
      return <Pages.shopifyOrders.Component />;
    case 'shopify-order':
      return <Pages.shopifyOrder.Component />;
    case 'shopify-reconnect':
      return <Pages.shopifyReconnect.Component />;
    case 'shopify-store-mismatch':
      return <Pages.shopifyStoreMismatch.Component />;
    case 'shopify-b2b-settings':
      return <Pages.shopifyB2b.Component />;
    case 'shopify-deferred-revenue-settings':
      return <Pages.shopifyDeferredRevenue.Component />;
    case 'b2b-invoice-report':
      return <Pages.b2bInvoiceReport.Component />;
    case 'export-data':
      return <Pages.exportData.Component />;
    case 'account-questionnaire':
      return <Pages.questionnaireSupport.Component />;
    default:
      return meta.empty ? (
        <PageEmptyState what={meta.empty.what} now={meta.empty.now} action={meta.empty.action} />
      ) : null;
  }
}

export function RoutePage({ meta: declared }: { meta: RouteMeta }) {
  const session = useOptionalSession();
  // The settlements list is titled as the menu labels it: the channel's word (Payouts, Deposits, …).
  const meta = declared.isTitledByChannel && session ? { ...declared, title: settlementsLabel(session.account.salesChannel) } : declared;
  usePageChrome(meta.title, meta.bodyClass, session?.account.accountName);
  return (
    <RouteGuard meta={meta}>
      <PageLayout meta={meta}>
        {/* Inside the layout, so the frame and the page's title stay put while its code loads. */}
        <Suspense fallback={<PageLoading />}>{content(meta)}</Suspense>
      </PageLayout>
    </RouteGuard>
  );
}
