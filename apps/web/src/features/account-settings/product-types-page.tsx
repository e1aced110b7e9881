/**
 * Settings > Product Types: the account's product type rules in order (the first rule that lists a
 * SKU or whose pattern matches it names the SKU's type; the rest are Unassigned), with a preview of
 * how many of the account's SKUs each rule catches. Used when sales are grouped by product type.
 */
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { productTypeRulesSchema, savePostingSettings, type PostingSettingsBody, type ProductTypeRuleBody } from '@ledgerport/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';
import { fieldErrorsOf } from './field-errors';
import { fetchPostingSettings, postingSettingsKey, previewProductTypes, putPostingSettings } from './posting-settings-api';
import { ProductTypeModal } from './product-type-modal';

function describeRule(r: ProductTypeRuleBody): string {
  const parts = [];
  if (r.skus.length > 0) parts.push(r.skus.length <= 3 ? r.skus.join(', ') : `${r.skus.slice(0, 3).join(', ')} and ${r.skus.length - 3} more`);
  if (r.pattern) parts.push(`pattern ${r.pattern}`);
  return parts.join(' · ');
}

function ProductTypesEditor({ settings }: { settings: PostingSettingsBody }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const [rules, setRules] = useState<ProductTypeRuleBody[]>(settings.productTypes);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [isSaving, setSaving] = useState(false);
  const isChanged = JSON.stringify(rules) !== JSON.stringify(settings.productTypes);
  const isValid = Object.keys(fieldErrorsOf(productTypeRulesSchema, rules)).length === 0;
  const preview = useQuery({
    queryKey: ['product-type-preview', account.accountKey, rules],
    queryFn: () => previewProductTypes(account.accountKey, rules),
    enabled: isValid,
    placeholderData: (previous) => previous,
  });
  const counts = new Map((preview.data?.rules ?? []).map((r) => [r.name, r.skuCount]));

  const move = (i: number, by: -1 | 1) =>
    setRules((list) => {
      const next = [...list];
      const [rule] = next.splice(i, 1);
      next.splice(i + by, 0, rule!);
      return next;
    });
  const save = async () => {
    setSaving(true);
    try {
      const saved = await putPostingSettings(account.accountKey, { productTypes: rules });
      queryClient.setQueryData(postingSettingsKey(account.accountKey), saved);
      showToast('success', `Product types saved (${saved.productTypes.length}).`);
    } catch (err) {
      showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.');
    } finally {
      setSaving(false);
    }
  };
  const editedRule = typeof editing === 'number' ? rules[editing]! : null;

  return (
    <Stack maw={960}>
      <Text size="sm" c="dimmed">
        A SKU takes the first product type, in this order, that lists it or whose pattern matches it; SKUs no product type catches are Unassigned. Product types shape the documents when{' '}
        <Link to="/account-settings/invoices">sales are grouped by product type</Link>
        {settings.groupBy === 'product-type' ? ' (as they are now).' : ' (they are not now).'}
      </Text>
      <CallGate entry={savePostingSettings}>
        <Card withBorder p={0}>
          <Table verticalSpacing="sm" aria-label="Product types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Product type</Table.Th>
                <Table.Th>SKUs and pattern</Table.Th>
                <Table.Th ta="right">SKUs caught</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((r, i) => (
                <Table.Tr key={r.name}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td fw={500}>{r.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff={r.pattern ? 'monospace' : undefined}>
                      {describeRule(r)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{counts.get(r.name) ?? '--'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Move ${r.name} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`Move ${r.name} down`} disabled={i === rules.length - 1} onClick={() => move(i, 1)}>
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`Edit ${r.name}`} onClick={() => setEditing(i)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${r.name}`} onClick={() => setRules((list) => list.filter((_, j) => j !== i))}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td />
                <Table.Td>
                  <Badge variant="light" color="gray" tt="none">
                    Unassigned
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    Every SKU no product type above catches
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{preview.data ? preview.data.unassigned.skuCount : '--'}</Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
        <Text size="sm" aria-live="polite">
          {preview.data ? `${preview.data.skuCount} SKU${preview.data.skuCount === 1 ? '' : 's'} in this account's settlements; ${preview.data.unassigned.skuCount} stay Unassigned.` : preview.isError ? 'The preview is not available.' : ''}
        </Text>
        <Group justify="space-between">
          <Button variant="light" onClick={() => setEditing('new')}>
            Add product type
          </Button>
          <Button onClick={() => void save()} loading={isSaving} disabled={!isChanged || !isValid}>
            Save product types
          </Button>
        </Group>
      </CallGate>
      {editing !== null && (
        <ProductTypeModal
          rule={editedRule}
          otherNames={rules.filter((_, j) => j !== editing).map((r) => r.name)}
          onClose={() => setEditing(null)}
          onSave={(rule) => {
            setRules((list) => (editing === 'new' ? [...list, rule] : list.map((r, j) => (j === editing ? rule : r))));
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}

export function ProductTypesPage() {
  const { account } = useSession();
  const query = useQuery({ queryKey: postingSettingsKey(account.accountKey), queryFn: () => fetchPostingSettings(account.accountKey) });
  if (query.isPending) return <Loader aria-label="Loading the product types" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the product types">
        {query.error.message}
      </Alert>
    );
  }
  return <ProductTypesEditor key={query.data.version} settings={query.data} />;
}
