/**
 * The four onboarding steps of spec section 4, each with its state and a link to where the user acts;
 * the active step is highlighted (aria-current="step").
 */
import { Badge, Button, Card, Flex, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { connectedSystemLabel } from '@ledgerport/core/connections';
import { accountingSystemLabel } from '@ledgerport/core/posting';
import { buildOnboardingSteps, findActiveStep, settlementsLabel, type OnboardingStep, type StepState } from '@ledgerport/core/rules';
import type { Account } from '../../lib/api-types';
import { channelName } from '../../ui/channel-icon';

const CONNECTABLE_SYSTEMS = ['QBO', 'XERO', 'SAGE', 'NETSUITE'];
const CONNECTABLE_CHANNELS = ['AMAZON', 'SHOPIFY', 'WALMART', 'BIGCOMMERCE', 'ETSY', 'EBAY'];

const STATE_LABEL: Record<StepState, string> = { initial: 'To do', pending: 'Pending', completed: 'Done', failed: 'Not connected' };
const STATE_COLOR: Record<StepState, string> = { initial: 'gray', pending: 'yellow', completed: 'green', failed: 'red' };

interface StepText {
  title: string;
  description: string;
  action: { label: string; to: string };
}

/** Why a chosen system is not connected, from the one connection state (decision 0056). */
function notConnectedText(system: string, account: Account): string {
  if (account.accountingConnectionState === 'expired') return `The connection to ${system} has expired: reconnect it so postings can be sent.`;
  if (account.accountingConnectionState === 'disconnected') return `${system} was disconnected: connect it again so postings can be sent.`;
  return `${system} is chosen but not connected: connect it so postings can be sent.`;
}

export function describeStep(step: OnboardingStep, account: Account): StepText {
  const system = connectedSystemLabel(accountingSystemLabel(account.accountingSystem), account.isAccountingSandbox);
  const channel = channelName(account.salesChannel);
  switch (step.key) {
    case 'connect-accounting':
      return {
        title: account.accountingSystem === 'NONE' ? 'Connect accounting' : `Connect ${system}`,
        description:
          step.state === 'initial'
            ? 'Choose the accounting system Ledgerport posts your settlements to.'
            : step.state === 'failed'
              ? notConnectedText(system, account)
              : step.note ?? `${system} is connected${account.accountingSystemOrganizationName ? ` to ${account.accountingSystemOrganizationName}` : ''}.`,
        action: CONNECTABLE_SYSTEMS.includes(account.accountingSystem)
          ? { label: step.state === 'completed' ? 'View connection' : `Connect ${system}`, to: `/admin/accounting/${account.accountingSystem.toLowerCase()}` }
          : { label: 'Open connections', to: '/account-settings/connections' },
      };
    case 'connect-sales-channel':
      return {
        title: `Connect ${channel}`,
        description:
          step.state === 'completed'
            ? `${channel} is connected${account.salesChannelStoreName ? ` (${account.salesChannelStoreName})` : ''}.`
            : step.state === 'pending'
              ? `The ${channel} connection is waiting to be finished.`
              : account.requiresReauthentication || account.salesChannelConnectionState === 'expired'
                ? `${channel} needs you to sign in again to keep sending settlements.`
                : `Connect ${channel} so its settlements reach Ledgerport.`,
        action: {
          label: step.state === 'completed' ? 'View connection' : `Connect ${channel}`,
          to:
            account.requiresReauthentication && account.salesChannel === 'SHOPIFY'
              ? '/shopify/reconnect'
              : CONNECTABLE_CHANNELS.includes(account.salesChannel)
                ? `/admin/sales-channel/${account.salesChannel.toLowerCase()}`
                : '/admin/sales-source',
        },
      };
    case 'set-up-accounts-and-taxes':
      return {
        title: 'Set up accounts and taxes',
        description: step.state === 'completed' ? 'Every transaction type has an account and a tax rate.' : 'Choose the account and tax rate each transaction type posts to.',
        action: { label: 'Open mapping', to: '/mapping' },
      };
    default: {
      // The channel's own word: settlement, payout, deposit or statement.
      const units = settlementsLabel(account.salesChannel).toLowerCase();
      const unit = units.slice(0, -1);
      return {
        title: 'Post and reconcile',
        description: step.state === 'completed' ? `Your first ${unit} is posted.` : `Post your first ${unit} and reconcile it with the money that reached your bank.`,
        action: { label: `Open ${units}`, to: '/settlements' },
      };
    }
  }
}

export function OnboardingStepsList({ account }: { account: Account }) {
  const steps = buildOnboardingSteps(account);
  const active = findActiveStep(account);
  return (
    <List listStyleType="none" spacing="sm" aria-label="Onboarding steps" styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
      {steps.map((step) => {
        const text = describeStep(step, account);
        const isActive = step.number === active;
        return (
          <List.Item key={step.key} aria-current={isActive ? 'step' : undefined} aria-label={`Step ${step.number}: ${text.title}`}>
            <Card withBorder shadow={isActive ? 'sm' : undefined} style={isActive ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}>
              {/* On a phone the button goes under the text rather than being squeezed to a cut-off word. */}
              <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" align="flex-start" gap="sm">
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon radius="xl" size="lg" variant={isActive ? 'filled' : 'light'} color={isActive && step.state === 'initial' ? 'blue' : STATE_COLOR[step.state]}>
                    {step.state === 'completed' ? <IconCheck size={18} /> : step.state === 'failed' ? <IconAlertTriangle size={18} /> : <Text fw={700}>{step.number}</Text>}
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{text.title}</Text>
                      <Badge color={STATE_COLOR[step.state]} variant="light" size="sm">
                        {STATE_LABEL[step.state]}
                      </Badge>
                      {isActive && (
                        <Badge variant="outline" size="sm">
                          Next step
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {text.description}
                    </Text>
                  </Stack>
                </Group>
                <Button component={Link} to={text.action.to} variant={isActive ? 'filled' : 'default'} size="xs" style={{ flexShrink: 0 }}>
                  {text.action.label}
                </Button>
              </Flex>
            </Card>
          </List.Item>
        );
      })}
    </List>
  );
}
