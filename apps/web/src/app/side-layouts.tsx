/**
 * The layouts of spec section 2 that few pages use: tabbed (settings), full width with a left sidebar
 * (organization) and with a right sidebar (checkout). Their components (Tabs, Grid, NavLink, Card)
 * load with the first page that needs them, not on every first load (decision 0026).
 */
import { Box, Container, Grid, NavLink, Tabs, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { buildSettingsMenu } from '@ledgerport/core/rules';
import { useIsBillingEnabled, useOptionalSession } from '../lib/session-context';
import type { RouteMeta } from './route-meta';
import { isPaymentProviderEnabled } from './app-config';
import { lazyComponent } from '../ui/lazy-component';
import { PageHeader } from './page-header';

const CheckoutSummaryCard = lazyComponent(() => import('../features/billing/checkout-summary-card').then((m) => m.CheckoutSummaryCard));

/** Loads the checkout's order summary now (component tests). */
export const preloadCheckoutSummary = () => CheckoutSummaryCard.preload();

/** The user settings' tabs; those about paying (the last field) are not offered where billing is off. */
const USER_SETTINGS_TABS = [
  ['profile', 'My Profile', false],
  ['billing', 'Billing', true],
  ['firm-billing', 'Firm Billing', true],
  ['subscriptions', 'Subscriptions', true],
  ['partner-subscriptions', 'Partner Subscriptions', true],
  ['notifications', 'Notifications', false],
] as const;

function SettingsTabs({ group }: { group: 'account-settings' | 'user-settings' }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useOptionalSession();
  const isBillingEnabled = useIsBillingEnabled();
  const tabs: Array<{ label: string; to: string }> =
    group === 'user-settings'
      ? USER_SETTINGS_TABS.filter(([, , isAboutPaying]) => isBillingEnabled || !isAboutPaying).map(([tab, label]) => ({ label, to: `/user/settings/${tab}` }))
      : session
        ? buildSettingsMenu(session.account, session.user, isPaymentProviderEnabled(session.meta))
            .filter((i) => i.to.startsWith('/account-settings'))
            .map((i) => ({ label: i.label, to: i.to }))
        : [];
  const current = tabs.find((t) => location.pathname === t.to)?.to ?? null;
  return (
    <Tabs value={current} onChange={(to) => to && void navigate(to)} mb="md" aria-label={group === 'user-settings' ? 'User settings' : 'Account settings'}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.to} value={t.to}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

function OrganizationSidebar() {
  const { organizationId = 'unassigned' } = useParams();
  const location = useLocation();
  const links = [
    ['Overview', `/organization/${organizationId}/dashboard`],
    ['Product catalog', `/organization/${organizationId}/product-catalog`],
  ] as const;
  return (
    <Box component="nav" aria-label="Organization">
      {links.map(([label, to]) => (
        <NavLink key={to} component={Link} to={`${to}${location.search}`} label={label} active={location.pathname === to} />
      ))}
    </Box>
  );
}

/** The checkout's right sidebar: the order summary, loaded with the billing pages' chunk. */
function CheckoutSummary() {
  return (
    <Suspense fallback={null}>
      <CheckoutSummaryCard.Component />
    </Suspense>
  );
}

export type SideLayoutKind = 'tabbed' | 'full-width-left-sidebar' | 'full-width-right-sidebar';

export function SideLayout({ layout, meta, children }: { layout: SideLayoutKind; meta: RouteMeta; children: ReactNode }) {
  switch (layout) {
    case 'tabbed':
      return (
        <Container fluid py="md" data-layout="tabbed">
          <PageHeader title={meta.tabs === 'user-settings' ? 'User Settings' : 'Settings'} />
          <SettingsTabs group={meta.tabs ?? 'account-settings'} />
          <Title order={2} size="h3" mb="sm">
            {meta.title}
          </Title>
          {children}
        </Container>
      );
    case 'full-width-left-sidebar':
      return (
        <Container fluid py="md" data-layout="full-width-left-sidebar">
          <Grid>
            <Grid.Col span={{ base: 12, md: 3, lg: 2 }}>
              <OrganizationSidebar />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9, lg: 10 }}>
              <PageHeader title={meta.title} />
              {children}
            </Grid.Col>
          </Grid>
        </Container>
      );
    case 'full-width-right-sidebar':
      return (
        <Container fluid py="md" data-layout="full-width-right-sidebar">
          <Grid>
            <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
              <PageHeader title={meta.title} />
              {children}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
              <CheckoutSummary />
            </Grid.Col>
          </Grid>
        </Container>
      );
  }
}
