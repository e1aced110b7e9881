/**
 * /organization/{organizationId}/dashboard ('Overview'): the organization and the accounts of it the
 * user can see, with a link to the organization's Clarity Home.
 */
import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessages } from '@ledgerport/contract';
import { planGate } from '@ledgerport/core/billing';
import { useOrganizations } from '../../app/nav-bar';
import { useIsBillingEnabled } from '../../lib/session-context';
import { ChannelIcon, channelName } from '../../ui/channel-icon';
import { PageEmptyState } from '../../ui/page-empty-state';
import { OrganizationSettingsCard } from './organization-settings-card';
import { FigureCard } from '../../ui/fact';

export function OrganizationDashboardPage() {
  const { organizationId = 'unassigned' } = useParams();
  const organizations = useOrganizations();
  const { search } = useLocation();
  const isBillingEnabled = useIsBillingEnabled();
  if (organizations.isPending) return <Loader aria-label="Loading organization" />;
  if (organizations.isError) {
    return (
      <Alert color="red" role="alert" title={errorMessages.dashboardLoadFailed}>
        {organizations.error.message}
      </Alert>
    );
  }
  const org = organizations.data.organizations.find((o) => o.id === organizationId);
  if (!org) {
    return (
      <PageEmptyState
        what={
          organizationId === 'unassigned'
            ? 'Your user is not part of an organization yet.'
            : 'This organization was not found among the organizations your user belongs to.'
        }
        now="Ask the owner of your organization to add you; its accounts will then appear here."
      />
    );
  }
  return (
    <Stack>
      <Group gap="xs">
        <Text fw={600} size="lg">
          {org.name}
        </Text>
        {org.featureFlags.map((f) => (
          <Badge key={f} variant="light">
            {f === 'PRODUCT_CATALOG' ? 'Product catalog' : 'Clarity'}
          </Badge>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <FigureCard label="Accounts" value={org.accountsThatCanBeAccessedByTheUser.length} />
        <FigureCard label="Sales channels" value={new Set(org.accountsThatCanBeAccessedByTheUser.map((a) => a.salesChannel)).size} />
        {isBillingEnabled && <FigureCard label="Premium features" value={org.featureFlags.length} />}
      </SimpleGrid>
      {planGate({ billingEnabled: isBillingEnabled, feature: 'PRODUCT_CATALOG', grant: { by: 'support', isGranted: org.featureFlags.includes('PRODUCT_CATALOG') } }).isOpen && (
        // Query parameters travel between organization and Clarity pages (pre-navigation rule 4).
        <Anchor component={Link} to={`/organization/${encodeURIComponent(org.id)}/product-catalog${search}`} size="sm">
          Open the product catalog
        </Anchor>
      )}
      {org.adminPermissions && <OrganizationSettingsCard key={org.name} organization={org} />}
      <Text size="sm" c="dimmed">
        Accounts of this organization you can see:
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        component="ul"
        aria-label="Organization accounts"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {org.accountsThatCanBeAccessedByTheUser.map((a) => (
          <Card key={a.accountKey} withBorder component="li">
            <Group gap="xs" wrap="nowrap">
              <ChannelIcon salesChannel={a.salesChannel} />
              <Text fw={500}>{a.name}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {channelName(a.salesChannel)}
              {a.isCurrent ? ' · current account' : ''}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {org.id !== 'unassigned' && (
        <Anchor component={Link} to={`/clarity/dashboard?organizationId=${encodeURIComponent(org.id)}`}>
          Open Clarity: sales, fees and margins of these accounts
        </Anchor>
      )}
    </Stack>
  );
}
