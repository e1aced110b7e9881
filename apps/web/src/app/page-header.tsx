import { Title } from '@mantine/core';

export function PageHeader({ title }: { title: string }) {
  return (
    <Title order={1} size="h2" mb="md">
      {title}
    </Title>
  );
}
