/**
 * /account/{accountKey}/questionnaire (internal account area, admin-only like its siblings): the
 * account's assisted setup answers, read-only, for the support team helping the seller set up.
 * The route guard keeps non-staff out; the server lets staff read any account's questionnaire.
 */
import { Alert, Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { OnboardingQuestionnaire } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { TimestampText } from '../../ui/date-text';
import { PageEmptyState } from '../../ui/page-empty-state';
import { questionnaireApi, questionnaireKey } from './questionnaire-api';
import { ACCOUNTING_SYSTEM_LABELS, BUSINESS_TYPE_LABELS, countryName, HELP_TOPIC_LABELS, ORDER_VOLUME_LABELS, SALES_CHANNEL_LABELS, yesNo } from './questionnaire-labels';

const NOT_ANSWERED = 'Not answered';
const list = (items: string[]) => (items.length === 0 ? NOT_ANSWERED : items.join(', '));

/** The answers as label/value rows. */
export function answerRows(q: OnboardingQuestionnaire): Array<[string, string]> {
  const a = q.answers;
  return [
    ['Business type', a.businessType ? BUSINESS_TYPE_LABELS[a.businessType] : NOT_ANSWERED],
    ['Sales channels', list(a.salesChannels.map((c) => SALES_CHANNEL_LABELS[c]))],
    ['Countries sold in', list(a.sellingCountries.map((c) => `${countryName(c)} (${c})`))],
    ['Orders per month', a.monthlyOrderVolume ? ORDER_VOLUME_LABELS[a.monthlyOrderVolume] : NOT_ANSWERED],
    ['Accounting system', a.accountingSystem ? ACCOUNTING_SYSTEM_LABELS[a.accountingSystem] : NOT_ANSWERED],
    ['Accountant or bookkeeper', yesNo(a.hasAccountant)],
    ['Sells in several currencies', yesNo(a.isMultiCurrency)],
    ['Registered for VAT or GST', yesNo(a.isVatRegistered)],
    ['Wants help with', list(a.helpWith.map((t) => HELP_TOPIC_LABELS[t]))],
    ['Notes', a.notes ?? NOT_ANSWERED],
    ['Quick setup', a.quickSetup ? 'Yes' : 'No'],
  ];
}

const SETTING_LABELS: Record<string, string> = { shouldSplitByCountry: 'Split by country', isTrackedByMarketplace: 'Track by marketplace' };

export function QuestionnaireSupportPage() {
  const { accountKey = '' } = useParams();
  const q = useQuery({ queryKey: questionnaireKey(accountKey), queryFn: () => questionnaireApi.get(accountKey), retry: false });
  if (q.isPending) return <Loader aria-label="Loading the questionnaire" />;
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.code === 'questionnaire.not-found') {
      return <PageEmptyState what={`Account ${accountKey} has not started the assisted setup questionnaire.`} now="Its answers appear here as soon as the seller saves the first step." />;
    }
    return (
      <Alert color="red" role="alert" title="Could not load the questionnaire">
        {q.error.message}
      </Alert>
    );
  }
  const data = q.data;
  const applied = Object.keys(data.quickSetupApplied ?? {}).map((k) => SETTING_LABELS[k] ?? k);
  return (
    <Stack maw={820}>
      <Group gap="sm">
        <Title order={2} size="h4">
          Answers of {data.accountKey}
        </Title>
        <Badge color={data.status === 'finalized' ? 'green' : 'yellow'} variant="light">
          {data.status === 'finalized' ? 'Finished' : 'In progress'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Started <TimestampText value={data.createdAt} /> by {data.createdBy ?? 'a removed user'} · last saved <TimestampText value={data.updatedAt} /> by {data.updatedBy ?? 'a removed user'}
        {data.finalizedAt && (
          <>
            {' '}
            · finished <TimestampText value={data.finalizedAt} /> by {data.finalizedBy ?? 'a removed user'}
          </>
        )}
      </Text>
      <Card withBorder p={0}>
        <Table aria-label="Questionnaire answers" striped>
          <Table.Tbody>
            {answerRows(data).map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={260} scope="row">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {data.answers.quickSetup && data.finalizedAt && (
        <Text size="sm">{applied.length > 0 ? `Quick setup turned on: ${applied.join(', ')}.` : 'Quick setup changed no posting setting (they already suited the answers).'}</Text>
      )}
    </Stack>
  );
}
