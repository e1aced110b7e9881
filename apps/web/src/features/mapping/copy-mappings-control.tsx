/** Copy mappings from another account of the same sales channel (account/copy-mappings). */
import { Button, Group, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import type { AccountSummary } from '../../lib/api-types';

export function CopyMappingsControl({
  sources,
  onCopy,
}: {
  sources: AccountSummary[];
  onCopy: (accountKey: string) => Promise<void>;
}) {
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant="default"
        onClick={() => setOpened(true)}
        disabled={sources.length === 0}
        title={sources.length === 0 ? 'No other account of this channel to copy from' : undefined}
      >
        Copy from another account
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Copy mappings from another account">
        <Text size="sm" mb="sm">
          The chosen account's accounts and tax rates replace this account's, as a new mapping version.
        </Text>
        <Select
          label="Copy from"
          placeholder="Choose an account"
          data={sources.map((a) => ({ value: a.accountKey, label: a.accountName }))}
          value={from}
          onChange={setFrom}
        />
        <Group justify="flex-end" mt="md">
          <Button
            disabled={!from}
            loading={busy}
            onClick={() =>
              void (async () => {
                if (!from) return;
                setBusy(true);
                await onCopy(from);
                setBusy(false);
                setOpened(false);
              })()
            }
          >
            Copy mappings
          </Button>
        </Group>
      </Modal>
    </>
  );
}
