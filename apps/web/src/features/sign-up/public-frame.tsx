/** The frame of the pages a person sees before signing in: the product name, a line, a card, the footer. */
import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Footer } from '../../app/app-frame';

export function PublicFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <Container size={440} py={64}>
      <Title order={1} ta="center" mb="xs">
        Ledgerport
      </Title>
      <Text c="dimmed" ta="center" mb="lg">
        {subtitle}
      </Text>
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
      <Footer />
    </Container>
  );
}
