/**
 * /backend/ds-to-spanner-testing and /backend/a2x-ai: the spec lists them, but they were tools of the
 * company that wrote the spec (a check of their move between two data stores, and their own assistant).
 * Ledgerport has neither, so the page says so plainly instead of pretending (issue 19).
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';

interface Outside {
  title: string;
  why: string;
}

const SPANNER: Outside = {
  title: 'Data-store comparison has no meaning in Ledgerport',
  why: 'This page compared records between two databases while the company that wrote the spec moved from one to the other. Ledgerport keeps every account in one PostgreSQL database, so there is nothing to compare.',
};

const ASSISTANT: Outside = {
  title: "The spec's assistant tools have no meaning in Ledgerport",
  why: 'This page held an assistant built for the support team of the company that wrote the spec, on their own services. Ledgerport has no such assistant: support works from the users, accounts and settlements pages.',
};

export function BackendOutsidePage() {
  const { pathname } = useLocation();
  const page = pathname.endsWith('/ds-to-spanner-testing') ? SPANNER : ASSISTANT;
  return (
    <Stack maw={720}>
      <Alert color="gray" title={page.title}>
        <Text size="sm">{page.why}</Text>
      </Alert>
      <Text size="sm">
        <Anchor component={Link} to="/backend">
          Back to the backend tools
        </Anchor>
      </Text>
    </Stack>
  );
}
