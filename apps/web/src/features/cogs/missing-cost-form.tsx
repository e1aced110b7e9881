/** One missing cost filled in where it was flagged: the SKU's unit cost in the settlement's currency from a day on. */
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { saveProductCost } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { CallGate } from '../../ui/call-gate';
import { saveCost } from './cogs-api';

export function MissingCostForm({
  accountKey,
  sku,
  currency,
  firstDate,
  onSaved,
}: {
  accountKey: string;
  sku: string;
  currency: string;
  firstDate: string;
  onSaved: () => void;
}) {
  const [unitCost, setUnitCost] = useState('');
  const [effectiveDate, setEffectiveDate] = useState(firstDate);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await saveCost(accountKey, { sku, currency, effectiveDate, unitCost: unitCost.trim() });
      setUnitCost('');
      onSaved();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Group
      component="form"
      gap="xs"
      align="flex-end"
      onSubmit={(e) => (e.preventDefault(), void submit())}
      aria-label={`Cost of ${sku}`}
    >
      <CallGate entry={saveProductCost}>
        <TextInput
          size="xs"
          label={`Unit cost of ${sku} (${currency})`}
          placeholder="12.50"
          value={unitCost}
          onChange={(e) => setUnitCost(e.currentTarget.value)}
          error={error}
          w={180}
        />
        <TextInput
          size="xs"
          type="date"
          label="From"
          value={effectiveDate}
          onChange={(e) => setEffectiveDate(e.currentTarget.value)}
          w={150}
        />
        <Button size="xs" type="submit" loading={isBusy} disabled={unitCost.trim() === ''}>
          Save cost of {sku}
        </Button>
      </CallGate>
    </Group>
  );
}
