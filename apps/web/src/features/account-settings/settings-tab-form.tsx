/**
 * The settings-tab form kit (issue 27): what the Account Settings tabs with one settings object and
 * one Save share. A tab says only what differs: how to load its settings, the form it edits, the body
 * it saves and the sentence after a save.
 *
 * - `SettingsTabLoader` loads the settings and renders the form keyed by their version, so a save
 *   (here or in another tab) starts the form again from what was saved.
 * - `useSettingsTabForm` holds the form, checks it against the save entry's own body schema before
 *   sending (each message under its field, the paths the server's 400 would name), calls the entry,
 *   puts the answer in the cache, refreshes the settlement previews and History (the server audits
 *   each save), and says so.
 * - `SettingsTabForm` is the form element: for a user whose level does not allow the save entry's
 *   effect every control inside is switched off with "View-only access" (`CallGate`, decision 0054).
 * - `SettingsSaveRow` is the Save button, enabled once something changed, and who saved which version.
 */
import { Alert, Button, Group, Loader, Text, type StackProps, Stack } from '@mantine/core';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { BodyOf, Endpoint, ResponseOf } from '@ledgerport/contract';
import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/call-endpoint';
import { useMayCall, useSession, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';
import { fieldErrorsOf } from './field-errors';

type SaveEntry = Endpoint & { body: NonNullable<Endpoint['body']> };

export function SettingsTabLoader<S>({
  what,
  queryKey,
  load,
  versionOf,
  children,
}: {
  /** The settings in words: "Loading the {what}", "Could not load the {what}". */
  what: string;
  queryKey: QueryKey;
  load: () => Promise<S>;
  versionOf: (settings: S) => string | number;
  children: (settings: S) => ReactNode;
}) {
  const query = useQuery({ queryKey, queryFn: load });
  if (query.isPending) return <Loader aria-label={`Loading the ${what}`} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={`Could not load the ${what}`}>
        {query.error.message}
      </Alert>
    );
  }
  return <div key={versionOf(query.data)}>{children(query.data)}</div>;
}

export interface SettingsTabKit<F, E extends SaveEntry> {
  form: F;
  setForm: Dispatch<SetStateAction<F>>;
  errors: Record<string, string>;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  isSaving: boolean;
  isChanged: boolean;
  /** The user may call the save entry here (core's role rule over its effect). */
  canChange: boolean;
  entry: E;
  submit: (e: FormEvent) => Promise<void>;
}

export function useSettingsTabForm<S, F, E extends SaveEntry>({
  entry,
  settings,
  queryKey,
  formOf,
  bodyOf,
  savedMessage,
  alsoRefresh = [],
}: {
  /** The contract entry Save calls: its effect gates the form, its body schema checks it. */
  entry: E;
  settings: S;
  /** The loader's query: the saved settings replace it. */
  queryKey: QueryKey;
  formOf: (settings: S) => F;
  bodyOf: (form: F) => BodyOf<E>;
  savedMessage: (saved: ResponseOf<E>) => string;
  /** Other queries the save changes (besides the settlement previews and History). */
  alsoRefresh?: QueryKey[];
}): SettingsTabKit<F, E> {
  const { account } = useSession();
  const canChange = useMayCall(entry);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<F>(() => formOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const isChanged = JSON.stringify(bodyOf(form)) !== JSON.stringify(bodyOf(formOf(settings)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(form);
    const found = fieldErrorsOf(entry.body, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await callEndpoint(entry, { query: { accountKey: account.accountKey }, body });
      queryClient.setQueryData(queryKey, saved);
      // Settlement previews are built with these settings, and History lists the save.
      await queryClient.invalidateQueries({ queryKey: ['settlement-detail'] });
      await queryClient.invalidateQueries({ queryKey: ['setting-changes', account.accountKey] });
      for (const queryKey of alsoRefresh) await queryClient.invalidateQueries({ queryKey });
      showToast('success', savedMessage(saved));
    } catch (err) {
      showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.');
    } finally {
      setSaving(false);
    }
  };

  return { form, setForm, errors, setErrors, isSaving, isChanged, canChange, entry, submit };
}

/** The tab's form: submits through the kit, every control inside switched off when the save is refused. */
export function SettingsTabForm<F, E extends SaveEntry>({
  kit,
  label,
  children,
  ...stack
}: { kit: SettingsTabKit<F, E>; label?: string; children: ReactNode } & StackProps) {
  return (
    <Stack component="form" onSubmit={(e: FormEvent) => void kit.submit(e)} aria-label={label} {...stack}>
      <CallGate entry={kit.entry}>{children}</CallGate>
    </Stack>
  );
}

export function SettingsSaveRow<F, E extends SaveEntry>({ kit, saved }: { kit: SettingsTabKit<F, E>; saved?: { version: number; updatedBy: string | null } }) {
  return (
    <>
      <Group justify="space-between">
        <Text size="sm">{kit.canChange ? '' : VIEW_ONLY_NOTE}</Text>
        <Button type="submit" loading={kit.isSaving} disabled={!kit.canChange || !kit.isChanged}>
          Save
        </Button>
      </Group>
      {saved?.updatedBy && (
        <Text size="xs" c="dimmed">
          Version {saved.version}, saved by {saved.updatedBy}.
        </Text>
      )}
    </>
  );
}
