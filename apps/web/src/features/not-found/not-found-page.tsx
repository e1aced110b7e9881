/** /404: the page does not exist or the user may not open it. */
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Footer } from '../../app/app-frame';

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="flex-start">
        <Title order={1}>Page not found</Title>
        <Text>This page does not exist, or your user cannot open it.</Text>
        <Button component={Link} to="/admin">
          Go to the admin page
        </Button>
      </Stack>
      <Footer />
    </Container>
  );
}
