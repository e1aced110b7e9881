/** /backend: the support team's tools, one card each (issue 19). */
import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';

const TOOLS: Array<{ to: string; title: string; what: string }> = [
  { to: '/backend/users', title: 'Users', what: 'Find a user by email or name: their accounts and roles, sign-in history, feature flags; open the app as them.' },
  { to: '/backend/organizations', title: 'Organizations', what: 'Every organization with its accounts, members and plans.' },
  { to: '/backend/inconsistent-settlements', title: 'Inconsistent settlements', what: "Every settlement, across accounts, whose lines do not add up to its deposit, with the difference." },
  { to: '/backend/accounts', title: 'Accounts', what: 'Every account with its channel, accounting system and plan; request older settlements for one.' },
  { to: '/backend/utilities', title: 'Utilities', what: "Switch an account's feature flags." },
  { to: '/backend/fetch-history-status', title: 'History fetch status', what: 'Every request for older settlements, across accounts, and how far it got.' },
];

export function BackendHomePage() {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {TOOLS.map((t) => (
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
