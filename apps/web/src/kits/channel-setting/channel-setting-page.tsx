/**
 * The channel-setting kit: what the settings pages of one sales channel's order modes share (Amazon
 * Deferred Transactions, Shopify Deferred Revenue, Shopify B2B Invoice). `ChannelSettingPage` holds
 * the channel gate and the loading of the setting; `useSaveChannelSetting` saves it, keeps the answer
 * as the loaded setting, refreshes the Settings history (the server audits the change) and says so;
 * the cards are the explanation, the view-only note and the way to the settlements the setting makes.
 */
import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import type { Account } from '../../lib/api-types';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { ChannelOnlyAlert } from '../channel-only';

const settingKey = (queryName: string, accountKey: string) => [queryName, accountKey];

export interface ChannelSettingPageProps<T> {
  channel: Account['salesChannel'];
  /** What the page says to an account of another channel. */
  otherChannelText: string;
  /** GET (load) and POST (save) path of the setting. */
  path: string;
  queryName: string;
  /** The setting as the loading and error states name it ("deferred revenue setting"). */
  noun: string;
  children: (settings: T) => React.ReactNode;
}

export function ChannelSettingPage<T>({ channel, otherChannelText, path, queryName, noun, children }: ChannelSettingPageProps<T>) {
  const { account } = useSession();
  const isForAccount = account.salesChannel === channel;
  const query = useQuery({ queryKey: settingKey(queryName, account.accountKey), queryFn: () => api.get<T>(path, { accountKey: account.accountKey }), enabled: isForAccount, retry: false });
  if (!isForAccount) return <ChannelOnlyAlert channel={channel}>{otherChannelText}</ChannelOnlyAlert>;
  if (query.isPending) return <Loader aria-label={`Loading the ${noun}`} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={`Could not load the ${noun}`}>
        {query.error.message}
      </Alert>
    );
  }
  return children(query.data);
}

/** Saves the setting: the answer becomes the loaded setting, the Settings history reloads, a toast says what changed. */
export function useSaveChannelSetting<TBody, TSaved>({ path, queryName, savedText, afterSave }: { path: string; queryName: string; savedText: (saved: TSaved) => string; afterSave?: () => Promise<void> }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api.post<TSaved>(path, body, { accountKey: account.accountKey }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingKey(queryName, account.accountKey), saved);
      await queryClient.invalidateQueries({ queryKey: ['setting-changes', account.accountKey] });
      showToast('success', savedText(saved));
      await afterSave?.();
    },
    onError: (err) => showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.'),
  });
}

/** The card that says what the setting is for. */
export function SettingExplanation({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

export function ViewOnlySettingNote() {
  return (
    <Text size="sm" c="dimmed">
      You can view this setting but not change it. Ask an owner of the account.
    </Text>
  );
}

/** How many settlements the setting has made ("3 B2B settlements."), with the links to them. */
export function SettingSettlementsCard({ settlementNoun, count, children }: { settlementNoun: string; count: number; children: React.ReactNode }) {
  return (
    <Card withBorder aria-label={`${settlementNoun}s`}>
      <Group justify="space-between">
        <Text size="sm">{count === 0 ? `No ${settlementNoun}s yet.` : `${count} ${settlementNoun}${count === 1 ? '' : 's'}.`}</Text>
        {children}
      </Group>
    </Card>
  );
}
