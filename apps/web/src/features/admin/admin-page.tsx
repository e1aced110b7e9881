/** /admin, the landing page after sign-in: the current account, its onboarding steps and, when core says so, the assisted setup questionnaire. */
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isTrialAccount, planLabel } from '@ledgerport/core/billing';
import { useIsBillingEnabled, useSession } from '../../lib/session-context';
import { accountingSystemLabel } from '@ledgerport/core/posting';
import { ChannelIcon, channelName } from '../../ui/channel-icon';
import { HomeCharts } from '../home/home-charts';
import { LatestSettlements } from '../home/latest-settlements';
import { OnboardingStepsList } from './onboarding-steps-list';
import { RedactionBanner } from '../account-settings/account-redaction';
import { AssistedSetupCard } from '../onboarding-questionnaire/assisted-setup-card';

export function AdminPage() {
  const { account } = useSession();
  const isBillingEnabled = useIsBillingEnabled();
  const isTrial = isTrialAccount(account, isBillingEnabled);
  const plan = planLabel(account, isBillingEnabled);
  const [params] = useSearchParams();
  return (
    <Stack>
      {params.get('simultaneousAccessDetected') === 'true' && (
        <Alert color="yellow" title="Account changed in another tab" role="alert">
          Another tab switched to a different account, so this tab now shows {account.accountName}.
        </Alert>
      )}
      <RedactionBanner />
      <Group gap="sm">
        <ChannelIcon salesChannel={account.salesChannel} size={28} />
        <Title order={1} size="h2">
          {account.accountName}
        </Title>
        {isTrial && (
          <Badge color="orange" variant="light">
            Trial
          </Badge>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        {channelName(account.salesChannel)} · Accounting: {accountingSystemLabel(account.accountingSystem)}
        {plan && !isTrial ? ` · Plan: ${plan}` : ''}
      </Text>
      {isTrial && (
        <Alert color="orange" title="Trial account">
          You can load up to three files from your sales channel to test Ledgerport. Choose a plan to sync all transactions and load multiple files.
        </Alert>
      )}
      <Title order={2} size="h4" mt="md">
        Get set up
      </Title>
      <OnboardingStepsList account={account} />
      <AssistedSetupCard />
      <LatestSettlements />
      <HomeCharts />
    </Stack>
  );
}
