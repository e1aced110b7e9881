/** The general error page: start-up could not load the session. */
import { Button, Container, Stack, Text, Title } from '@mantine/core';

export function GeneralErrorPage({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Something went wrong</Title>
        <Text>We could not load your account. {message}</Text>
        <Button onClick={onRetry} w="fit-content">
          Try again
        </Button>
      </Stack>
    </Container>
  );
}
