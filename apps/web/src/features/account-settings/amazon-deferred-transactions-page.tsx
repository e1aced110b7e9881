/**
 * Settings > Amazon Deferred Transactions: what Amazon's deferred transactions are, the switch that
 * makes the fetch bring them in (the account feature amazonDeferredTransactionEnabled, saved at once),
 * and the way to the Deferred Transactions settlements with their count. Amazon accounts only.
 */
import { Alert, Anchor, Card, Group, List, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AmazonDeferredTransactionsSettings } from '@ledgerport/contract';
import { Link } from 'react-router';
import { api, ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';

const PATH = '/account-settings/amazon-deferred-transactions';
const settingsKey = (accountKey: string) => ['amazon-deferred-transactions', accountKey];

function Explanation() {
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        What are deferred transactions?
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          Amazon does not always pay you for an order when it ships. It can hold the money until the order is delivered (for many sellers, seven days after the
          delivery date). While Amazon holds it, the sale is a <b>deferred transaction</b>: it is not in the settlement paid to your bank yet, and it moves into a
          later settlement once Amazon releases it.
        </Text>
        <Text size="sm">
          Most tools, A2X among them, leave these sales out until Amazon releases them, so an order held over a month end shows up in the next month. With this
          switch on, Ledgerport also fetches the deferred transactions and gathers them month by month into <b>Deferred Transactions settlements</b> (one per
          month and currency), so you can see and post what Amazon owes you at each month end.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>They are listed apart from your regular settlements, which still match the money Amazon pays into your bank.</List.Item>
          <List.Item>Turning the switch on takes effect at the next fetch from Amazon; turning it off stops new ones and keeps those already fetched.</List.Item>
        </List>
      </Stack>
    </Card>
  );
}

function DeferredSettings({ settings }: { settings: AmazonDeferredTransactionsSettings }) {
  const { account, reload } = useSession();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (isEnabled: boolean) => api.post<AmazonDeferredTransactionsSettings>(PATH, { amazonDeferredTransactionEnabled: isEnabled }, { accountKey: account.accountKey }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey(account.accountKey), saved);
      await queryClient.invalidateQueries({ queryKey: ['setting-changes', account.accountKey] });
      showToast('success', saved.amazonDeferredTransactionEnabled ? 'Amazon deferred transactions will be fetched from now on.' : 'Amazon deferred transactions are no longer fetched.');
      await reload();
    },
    onError: (err) => showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.'),
  });
  const count = settings.settlementCount;
  return (
    <Stack maw={760}>
      <Explanation />
      <Card withBorder>
        <Stack>
          <Switch
            label="Post Amazon deferred transactions"
            description="Fetch the sales Amazon holds back and list them as Deferred Transactions settlements, month by month."
            checked={save.isPending ? save.variables : settings.amazonDeferredTransactionEnabled}
            disabled={!settings.canEdit || save.isPending}
            onChange={(e) => save.mutate(e.currentTarget.checked)}
          />
          {!settings.canEdit && (
            <Text size="sm" c="dimmed">
              You can view this setting but not change it. Ask an owner of the account.
            </Text>
          )}
        </Stack>
      </Card>
      <Card withBorder aria-label="Deferred Transactions settlements">
        <Group justify="space-between">
          <Text size="sm">
            {count === 0 ? 'No Deferred Transactions settlements yet.' : `${count} Deferred Transactions settlement${count === 1 ? '' : 's'}.`}
          </Text>
          <Anchor component={Link} to="/deferred-transactions-settlements" size="sm">
            Open the Deferred Transactions settlements
          </Anchor>
        </Group>
      </Card>
    </Stack>
  );
}

export function AmazonDeferredTransactionsPage() {
  const { account } = useSession();
  const isAmazon = account.salesChannel === 'AMAZON';
  const query = useQuery({
    queryKey: settingsKey(account.accountKey),
    queryFn: () => api.get<AmazonDeferredTransactionsSettings>(PATH, { accountKey: account.accountKey }),
    enabled: isAmazon,
  });
  if (!isAmazon) {
    return (
      <Alert color="yellow" title="Amazon accounts only">
        Deferred transactions are held by Amazon, so this setting exists only for Amazon accounts. Switch to an Amazon account to use it.
      </Alert>
    );
  }
  if (query.isPending) return <Loader aria-label="Loading the deferred transactions setting" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the deferred transactions setting">
        {query.error.message}
      </Alert>
    );
  }
  return <DeferredSettings settings={query.data} />;
}
