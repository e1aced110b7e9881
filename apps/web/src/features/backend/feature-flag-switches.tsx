/**
 * Feature flags as switches, one per flag the product has (issue 19): an account's (the existing
 * admin-only POST/DELETE /feature-flag) or a user's (PUT /backend/user/{userId}/feature-flags). Each
 * change is one call, audited on the server with the staff member.
 */
import { Alert, Loader, SimpleGrid, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { featureFlagNames, type FeatureFlagName } from '@ledgerport/contract';
import { api, apiRequest } from '../../lib/api-client';
import { ErrorAlert } from '../../ui/error-alert';
import { errorText } from '../../lib/api-client';

type Flags = { featureFlags: string[] };

const accountFlagsKey = (accountKey: string) => ['backend', 'account-flags', accountKey];

function setAccountFlag(accountKey: string, flag: FeatureFlagName, isOn: boolean): Promise<Flags> {
  return isOn
    ? api.post<Flags>('/feature-flag', { accountKey, featureFlagsToAdd: [flag] })
    : apiRequest<Flags>('DELETE', '/feature-flag', { body: { accountKey, featureFlagsToRemove: [flag] } });
}

export const setUserFlag = (userId: string, flag: FeatureFlagName, isOn: boolean) =>
  api.put<Flags>(`/backend/user/${encodeURIComponent(userId)}/feature-flags`, { flag, isOn });

function FlagGrid({
  label,
  on,
  onChange,
  busy,
}: {
  label: string;
  on: string[];
  onChange: (flag: FeatureFlagName, isOn: boolean) => void;
  busy: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} role="group" aria-label={label}>
      {featureFlagNames.map((flag) => (
        <Switch
          key={flag}
          label={flag}
          checked={on.includes(flag)}
          disabled={busy}
          onChange={(e) => onChange(flag, e.currentTarget.checked)}
        />
      ))}
    </SimpleGrid>
  );
}

export function AccountFlagSwitches({ accountKey }: { accountKey: string }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: accountFlagsKey(accountKey),
    queryFn: () => api.get<Flags>('/feature-flag', { accountKey }),
    retry: false,
  });
  const change = useMutation({
    mutationFn: ({ flag, isOn }: { flag: FeatureFlagName; isOn: boolean }) =>
      setAccountFlag(accountKey, flag, isOn),
    onSuccess: (flags) => client.setQueryData(accountFlagsKey(accountKey), flags),
  });
  if (query.isPending) return <Loader size="sm" aria-label="Loading the feature flags" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(query.error)}
      </Alert>
    );
  return (
    <>
      <ErrorAlert error={change.error} />
      <FlagGrid
        label={`Feature flags of account ${accountKey}`}
        on={query.data.featureFlags}
        busy={change.isPending}
        onChange={(flag, isOn) => change.mutate({ flag, isOn })}
      />
    </>
  );
}

export function UserFlagSwitches({
  userId,
  initial,
  onChanged,
}: {
  userId: string;
  initial: string[];
  onChanged: (flags: string[]) => void;
}) {
  const change = useMutation({
    mutationFn: ({ flag, isOn }: { flag: FeatureFlagName; isOn: boolean }) => setUserFlag(userId, flag, isOn),
    onSuccess: (r) => onChanged(r.featureFlags),
  });
  return (
    <>
      <ErrorAlert error={change.error} />
      <FlagGrid
        label="Feature flags of this user"
        on={initial}
        busy={change.isPending}
        onChange={(flag, isOn) => change.mutate({ flag, isOn })}
      />
    </>
  );
}
