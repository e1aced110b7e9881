/**
 * The frame of the pages a person sees before signing in: the product name, a line, a card, the footer.
 * A page whose purpose the product name does not say (the sign-in popup's steps) gives its `heading`:
 * that is then the level-1 heading, and the product name a line above it.
 */
import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Footer } from '../../app/app-frame';

export function PublicFrame({ subtitle, heading, children }: ({ subtitle: string; heading?: undefined } | { heading: string; subtitle?: undefined }) & { children: ReactNode }) {
  return (
    <Container size={440} py={64}>
      {heading === undefined ? (
        <>
          <Title order={1} ta="center" mb="xs">
            Ledgerport
          </Title>
          <Text c="dimmed" ta="center" mb="lg">
            {subtitle}
          </Text>
        </>
      ) : (
        <>
          <Text ta="center" fw={700} fz="xl" mb="xs">
            Ledgerport
          </Text>
          <Title order={1} size="h3" ta="center" mb="lg">
            {heading}
          </Title>
        </>
      )}
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
      <Footer />
    </Container>
  );
}
