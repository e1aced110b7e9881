/**
 * Settings > Beta Features: the beta features offered to this account (by its sales channel and
 * accounting system, core's betaFeaturesFor), each a switch saved at once. A view-only member sees
 * them switched off.
 */
import { Alert, Badge, Card, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setBetaFeature, type BetaFeature } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/call-endpoint';
import { useMayCall, useSession, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';

const featuresKey = (accountKey: string) => ['beta-features', accountKey];

export function BetaFeaturesPage() {
  const { account, reload } = useSession();
  const canChange = useMayCall(setBetaFeature);
  const queryClient = useQueryClient();
  const features = useQuery({ queryKey: featuresKey(account.accountKey), queryFn: () => api.get<{ features: BetaFeature[] }>('/account/beta-features', { accountKey: account.accountKey }) });
  const save = useMutation({
    mutationFn: (change: { flag: BetaFeature['flag']; isOn: boolean }) => callEndpoint(setBetaFeature, { body: { accountKey: account.accountKey, ...change } }),
    onSuccess: async (answer, change) => {
      queryClient.setQueryData(featuresKey(account.accountKey), answer);
      await reload();
      const feature = answer.features.find((f) => f.flag === change.flag);
      showToast('success', `${feature?.label ?? change.flag} is ${change.isOn ? 'on' : 'off'}.`);
    },
    onError: (e) => showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.'),
  });
  if (features.isPending) return <Loader aria-label="Loading the beta features" />;
  if (features.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the beta features">
        {features.error.message}
      </Alert>
    );
  }
  const list = features.data.features;
  return (
    <Stack maw={720}>
      <Text size="sm" c="dimmed">
        Features we are still finishing. Turn one on to try it on this account; you can turn it off again at any time, and nothing already posted changes.
      </Text>
      {!canChange && <Text size="sm">{VIEW_ONLY_NOTE}</Text>}
      {list.length === 0 ? (
        <Card withBorder>
          <Text size="sm">There are no beta features for this account&apos;s sales channel and accounting system at the moment.</Text>
        </Card>
      ) : (
        list.map((f) => (
          <Card withBorder key={f.flag}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{f.label}</Text>
                  <Badge size="sm" variant="light">
                    Beta
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {f.description}
                </Text>
              </Stack>
              <CallGate entry={setBetaFeature}>
                <Switch aria-label={f.label} checked={f.isOn} disabled={save.isPending} onChange={(e) => save.mutate({ flag: f.flag, isOn: e.currentTarget.checked })} />
              </CallGate>
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
