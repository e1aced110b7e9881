/** What posting does with the account's tax settings: one row per kind of line (the server words core's rule). */
import { Card, Table, Text } from '@mantine/core';
import type { TaxSettingsBody } from '@ledgerport/contract';

export function TaxTreatmentCard({ settings }: { settings: TaxSettingsBody }) {
  return (
    <Card withBorder aria-label="Tax rates used by posting">
      <Text fw={600} mb="xs">
        Tax rates used by posting
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lines</Table.Th>
            <Table.Th>Tax rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {settings.treatment.map((t) => (
            <Table.Tr key={t.lines}>
              <Table.Td>{t.lines}</Table.Td>
              <Table.Td>{t.taxRate}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        {settings.updatedAt ? `Saved ${settings.updatedAt.slice(0, 16).replace('T', ' ')} UTC${settings.updatedBy ? ` by ${settings.updatedBy}` : ''}.` : 'Not set yet: each line keeps the tax rate of its mapping.'} Documents not posted yet use these settings at once; a posted settlement changes only when you reprocess it.
      </Text>
    </Card>
  );
}
