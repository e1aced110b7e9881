/** /backend: the support team's tools, one card each (issue 19). */
import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useIsBillingEnabled } from '../../lib/session-context';

/** The cards; where billing is off there are no plans to name (decision 0057). */
const tools = (isBillingEnabled: boolean): Array<{ to: string; title: string; what: string }> => [
  { to: '/backend/users', title: 'Users', what: 'Find a user by email or name: their accounts and roles, sign-in history, feature flags; open the app as them.' },
  { to: '/backend/organizations', title: 'Organizations', what: `Every organization with its accounts${isBillingEnabled ? ', members and plans' : ' and members'}.` },
  { to: '/backend/inconsistent-settlements', title: 'Inconsistent settlements', what: "Every settlement, across accounts, whose lines do not add up to its deposit, with the difference." },
  { to: '/backend/accounts', title: 'Accounts', what: `Every account with its channel${isBillingEnabled ? ', accounting system and plan' : ' and accounting system'}; request older settlements for one.` },
  { to: '/backend/client-errors', title: 'Browser errors', what: "Errors users' browsers reported, grouped by message: how often, when last, and where." },
  { to: '/backend/utilities', title: 'Utilities', what: "Switch an account's feature flags." },
  { to: '/backend/fetch-history-status', title: 'History fetch status', what: 'Every request for older settlements, across accounts, and how far it got.' },
];

export function BackendHomePage() {
  const isBillingEnabled = useIsBillingEnabled();
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {tools(isBillingEnabled).map((t) => (
        <Card key={t.to} withBorder padding="lg">
          <Anchor component={Link} to={t.to} fw={600}>
            {t.title}
          </Anchor>
          <Text size="sm" c="dimmed" mt="xs">
            {t.what}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
