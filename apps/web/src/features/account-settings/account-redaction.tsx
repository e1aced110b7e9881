/**
 * Deleting an account's data (spec sections 4 and 9): the owner asks on Account Settings, confirming
 * with the account's name; the banner on the Admin page then says when, with Cancel. Both post the
 * form to /account_redaction; only an owner (manage) sees the buttons.
 */
import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { accountRedaction } from '@ledgerport/contract';
import { useMayCall, useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';

async function postRedaction(accountKey: string, action: 'request' | 'cancel'): Promise<void> {
  await api.postForm('/account_redaction', new URLSearchParams({ accountKey, action }));
}

/** Deleting the data and cancelling it are the owner's (the entry's effect is manage). */
function useIsOwner(): boolean {
  return useMayCall(accountRedaction);
}

/** Account Settings: the owner's way to delete the account's data, behind a typed confirmation. */
export function DeleteAccountDataCard() {
  const { account, reload } = useSession();
  const isOwner = useIsOwner();
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [isBusy, setBusy] = useState(false);
  if (!isOwner || account.redactionPending) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await postRedaction(account.accountKey, 'request');
      await reload();
      setOpen(false);
      showToast('success', 'Deletion requested: the account and its data will be deleted within 72 hours unless you cancel.');
    } catch (e) {
      showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder aria-label="Delete account data">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Delete this account&apos;s data
        </Title>
        <Text size="sm">
          Every settlement, posting, mapping, connection and file of {account.accountName} is deleted 72 hours after you ask, unless you cancel meanwhile. Documents already in your accounting
          system stay there.
        </Text>
        <Group>
          <Button color="red" variant="outline" onClick={() => setOpen(true)}>
            Delete account data…
          </Button>
        </Group>
      </Stack>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title="Delete this account's data?">
        <Stack>
          <Text size="sm">Type the account name, {account.accountName}, to confirm.</Text>
          <TextInput label="Account name" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Keep the account
            </Button>
            <Button color="red" loading={isBusy} disabled={typed.trim() !== account.accountName} onClick={() => void confirm()}>
              Delete in 72 hours
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** The banner of an account whose deletion is pending, with Cancel for the owner. */
export function RedactionBanner() {
  const { account, reload } = useSession();
  const isOwner = useIsOwner();
  const [isBusy, setBusy] = useState(false);
  if (!account.redactionPending) return null;
  const cancel = async () => {
    setBusy(true);
    try {
      await postRedaction(account.accountKey, 'cancel');
      await reload();
      showToast('success', 'Deletion cancelled: the account stays.');
    } catch (e) {
      showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="red" title="This account is scheduled for deletion" role="alert">
      <Stack gap="xs">
        <Text size="sm">This account and its data will be deleted within 72 hours.</Text>
        {isOwner && (
          <Group>
            <Button size="xs" color="red" variant="white" loading={isBusy} onClick={() => void cancel()}>
              Cancel Redaction
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
