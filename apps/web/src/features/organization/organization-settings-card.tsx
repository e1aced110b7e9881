/** The organization's settings on its Overview (issue 19): rename, for its admins (`PUT /organization/update`, audited by the server). */
import { Alert, Button, Card, Group, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Organization } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { showToast } from '../../lib/toast';

export function OrganizationSettingsCard({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(organization.name);
  const rename = useMutation({
    mutationFn: () => api.put<Organization>('/organization/update', { organizationId: organization.id, name }),
    onSuccess: async (o) => {
      showToast('success', `The organization is now called ${o.name}.`);
      await queryClient.invalidateQueries({ queryKey: ['organizations'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate();
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Organization settings">
      <Title order={2} size="h5" mb="xs">
        Organization settings
      </Title>
      <Group align="end">
        <TextInput label="Organization name" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={100} w={320} />
        <Button type="submit" loading={rename.isPending} disabled={name.trim() === '' || name.trim() === organization.name} mb={2}>
          Rename
        </Button>
      </Group>
      {rename.error && (
        <Alert color="red" role="alert" mt="xs" title="Could not rename the organization">
          {rename.error.message}
        </Alert>
      )}
    </Card>
  );
}
