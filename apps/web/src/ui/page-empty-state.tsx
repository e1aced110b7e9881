/**
 * The empty state of a page whose content belongs to a later feature: it says what will appear here
 * and what the user can do now. Never a fake table.
 */
import { Button, EmptyState, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface PageEmptyStateProps {
  what: string;
  now: string;
  action?: { label: string; to: string } | undefined;
}

export function PageEmptyState({ what, now, action }: PageEmptyStateProps) {
  return (
    <EmptyState
      role="status"
      aria-label="Page status"
      withIndicatorBackground
      icon={<IconLayoutDashboard aria-hidden />}
      title="Nothing to show yet"
      description={
        <>
          <Text component="span" display="block">
            {what}
          </Text>
          <Text component="span" display="block" c="dimmed" mt="xs">
            {now}
          </Text>
        </>
      }
      py="xl"
    >
      {action && (
        <EmptyState.Actions>
          <Button component={Link} to={action.to} variant="light">
            {action.label}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
