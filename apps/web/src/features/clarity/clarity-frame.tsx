/**
 * The frame of every Clarity page: the organization (from ?organizationId=, else the current
 * account's organization, else the user's first) with the Clarity menu. 'New Analysis' shows only
 * where core's canUseNewAnalysis allows it (the server's context says so), the Firm page only when
 * the organization has a firm. The organizationId travels in every menu link (pre-navigation rule 4).
 */
import { Alert, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ClarityContext } from '@ledgerport/contract';
import { useOrganizations } from '../../app/nav-bar';
import { useSession } from '../../lib/session-context';
import { PageEmptyState } from '../../ui/page-empty-state';
import { fetchClarityContext } from './clarity-api';

export type ClarityTab = 'dashboard' | 'custom' | 'directory' | 'firm';

function useOrganizationId(): string | undefined {
  const [params] = useSearchParams();
  const { account } = useSession();
  const organizations = useOrganizations();
  const named = params.get('organizationId');
  if (named) return named;
  const list = organizations.data?.organizations ?? [];
  return (list.find((o) => o.id === account.organizationId) ?? list[0])?.id;
}

export function ClarityFrame({
  tab,
  children,
}: {
  tab: ClarityTab;
  children: (context: ClarityContext) => ReactNode;
}) {
  const organizationId = useOrganizationId();
  const organizations = useOrganizations();
  const navigate = useNavigate();
  const context = useQuery({
    queryKey: ['clarity', 'context', organizationId],
    queryFn: () => fetchClarityContext(organizationId!),
    enabled: organizationId !== undefined,
  });
  if (organizationId === undefined) {
    if (organizations.isPending) return <Loader aria-label="Loading your organizations" />;
    return (
      <PageEmptyState
        what="Clarity analyses the accounts of an organization, and your user is not part of one yet."
        now="Ask the owner of your organization to add you."
      />
    );
  }
  if (context.isPending) return <Loader aria-label="Loading Clarity" />;
  if (context.isError) {
    return (
      <Alert color="red" role="alert" title="Could not open Clarity">
        {context.error.message}
      </Alert>
    );
  }
  const c = context.data;
  const link = (to: ClarityTab) => `/clarity/${to}?organizationId=${encodeURIComponent(c.organizationId)}`;
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            Clarity · {c.name}
          </Title>
          <Text size="sm" c="dimmed">
            {c.accounts.length} account{c.accounts.length === 1 ? '' : 's'}:{' '}
            {c.accounts.map((a) => a.name).join(', ') || 'none yet'}
          </Text>
        </div>
      </Group>
      <Tabs value={tab} onChange={(v) => v && void navigate(link(v as ClarityTab))}>
        <Tabs.List aria-label="Clarity menu">
          <Tabs.Tab value="dashboard">Home</Tabs.Tab>
          {c.canUseNewAnalysis && <Tabs.Tab value="custom">New Analysis</Tabs.Tab>}
          <Tabs.Tab value="directory">Organization Documents</Tabs.Tab>
          {c.firmCode !== null && <Tabs.Tab value="firm">Firm page</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {children(c)}
    </Stack>
  );
}
