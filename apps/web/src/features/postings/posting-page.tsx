/**
 * One posting (spec section 2, /invoice?documentId=): the document as it was posted, where it lives
 * in the accounting system (and the link out), its lines with account, tax rate and amount, and for
 * each line the settlement's source rows it sums (the settlement detail's drill-down).
 */
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateValue } from '@ledgerport/core/rules';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { TimestampText } from '../../ui/date-text';
import { MoneyText } from '../../ui/money-text';
import { DocumentCard } from '../settlement-detail/document-card';
import { SourceLinesModal, type DrillDown } from '../settlement-detail/source-lines-modal';
import { detailPath } from '../settlements/settlement-path';
import { PostingLocation, PostingStatusBadge } from './posting-columns';
import { fetchPosting } from './postings-api';
import { Fact } from '../../ui/fact';


export function PostingPage() {
  const [params] = useSearchParams();
  const documentId = params.get('documentId') ?? '';
  const [drill, setDrill] = useState<DrillDown | null>(null);
  const query = useQuery({ queryKey: ['posting', documentId], queryFn: () => fetchPosting(documentId), enabled: documentId !== '' });
  const back = (
    <Anchor component={Link} to="/invoices" size="sm">
      ← All postings
    </Anchor>
  );
  if (!documentId) {
    return (
      <Alert color="yellow" role="alert">
        No posting chosen: open one from the{' '}
        <Anchor component={Link} to="/invoices">
          postings list
        </Anchor>
        .
      </Alert>
    );
  }
  if (query.error) {
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}
        </Alert>
      </Stack>
    );
  }
  const data = query.data;
  if (!data) return <Text c="dimmed">Loading the posting…</Text>;
  const { posting: p, document: d } = data;
  return (
    <Stack>
      {back}
      <Card withBorder component="section" aria-label={`Posting ${p.number}`}>
        <Group gap="xs" mb="sm">
          <Title order={2} size="h4">
            {p.kindLabel} {p.number}
          </Title>
          <PostingStatusBadge posting={p} />
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Fact label="Date">{formatDateValue(p.date)}</Fact>
          <Fact label="Settlement">
            <Anchor component={Link} to={detailPath(p.settlementKey)} aria-label={`Open settlement ${p.settlementId}`}>
              #{p.settlementId}
            </Anchor>{' '}
            · {p.channel}
          </Fact>
          <Fact label="Total">
            <MoneyText amount={p.total} currency={p.currency} /> {p.currency}
          </Fact>
          <Fact label="Posted at">
            <TimestampText value={p.postedAt} />
          </Fact>
          <Fact label="Where it lives">
            <PostingLocation posting={p} />
          </Fact>
          {p.part.count > 1 && (
            <Fact label="Part">
              {p.part.index} of {p.part.count} ({p.part.month})
            </Fact>
          )}
        </SimpleGrid>
        {p.error && (
          <Text c="red" size="sm" mt="sm" role="alert">
            {p.error}
          </Text>
        )}
      </Card>
      <DocumentCard document={d} onDrill={setDrill} />
      {data.linesTotal === p.total ? (
        <Text size="sm" c="dimmed">
          The lines, read from the seller's side without the clearing line, sum to <MoneyText amount={data.linesTotal} currency={p.currency} />: the document's total.
        </Text>
      ) : (
        <Alert color="red" role="alert">
          The lines sum to <MoneyText amount={data.linesTotal} currency={p.currency} />, not to the document's total of <MoneyText amount={p.total} currency={p.currency} />.
        </Alert>
      )}
      <SourceLinesModal settlementKey={p.settlementKey} currency={p.currency} drill={drill} onClose={() => setDrill(null)} />
    </Stack>
  );
}
