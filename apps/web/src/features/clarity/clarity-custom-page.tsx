/**
 * New Analysis (/clarity/custom?organizationId=…): choose measures, dimensions (in the order they
 * group), a period and chart or table; run it; save it under a name; open or delete saved ones.
 * Offered only where core's canUseNewAnalysis allows (the menu hides it elsewhere; a direct visit
 * says why). The server refuses the same callers.
 */
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { ClarityContext, ClarityDefinition, ClarityResult, SavedAnalysis } from '@ledgerport/contract';
import {
  CLARITY_DIMENSION_LABELS,
  CLARITY_DIMENSIONS,
  CLARITY_MEASURE_LABELS,
  CLARITY_MEASURES,
  type ClarityMeasure,
} from '@ledgerport/core/clarity';
import { lazyComponent } from '../../ui/lazy-component';
import { deleteAnalysis, fetchAnalyses, lastMonths, runAnalysis, saveAnalysis } from './clarity-api';
import { ClarityFrame } from './clarity-frame';
import { ClarityResultTable } from './clarity-result-table';
import { SavedAnalysesTable } from './saved-analyses-table';

const Chart = lazyComponent(() => import('./clarity-chart').then((m) => m.ClarityChart));
// The chart's code (recharts) loads beside the page's data, not after it.
void Chart.preload().catch(() => undefined);

function initialDefinition(): ClarityDefinition {
  return { measures: ['sales', 'fees', 'net'], dimensions: ['month'], ...lastMonths(12), display: 'table' };
}

function problemOf(d: ClarityDefinition): string | null {
  if (d.measures.length === 0) return 'Choose at least one measure.';
  if (d.dimensions.length > 3) return 'Choose at most three dimensions.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.start) || !/^\d{4}-\d{2}-\d{2}$/.test(d.end))
    return 'Enter the period as two dates.';
  if (d.start > d.end) return `The end ${d.end} must be after the start ${d.start}.`;
  return null;
}

function Analysis({ context }: { context: ClarityContext }) {
  const organizationId = context.organizationId;
  const client = useQueryClient();
  const [definition, setDefinition] = useState<ClarityDefinition>(initialDefinition);
  const [ran, setRan] = useState<{ definition: ClarityDefinition; result: ClarityResult } | null>(null);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const saved = useQuery({
    queryKey: ['clarity', 'analyses', organizationId],
    queryFn: () => fetchAnalyses(organizationId),
  });
  const run = useMutation({
    mutationFn: (d: ClarityDefinition) =>
      runAnalysis(organizationId, d).then((result) => ({ definition: d, result })),
    onSuccess: setRan,
  });
  const save = useMutation({
    mutationFn: () => saveAnalysis(organizationId, name.trim(), definition),
    onSuccess: (a) => {
      setNotice(`Saved "${a.name}".`);
      void client.invalidateQueries({ queryKey: ['clarity', 'analyses', organizationId] });
    },
  });
  const remove = useMutation({
    mutationFn: (a: SavedAnalysis) => deleteAnalysis(organizationId, a.analysisId).then(() => a),
    onSuccess: (a) => {
      setNotice(`Deleted "${a.name}".`);
      void client.invalidateQueries({ queryKey: ['clarity', 'analyses', organizationId] });
    },
  });
  const problem = problemOf(definition);
  const set = (patch: Partial<ClarityDefinition>) => setDefinition((d) => ({ ...d, ...patch }));
  const open = (a: SavedAnalysis) => {
    setDefinition(a.definition);
    setName(a.name);
    setNotice(`Opened "${a.name}".`);
    run.mutate(a.definition);
  };
  if (!context.canUseNewAnalysis) {
    return (
      <Alert color="blue">
        New Analysis is for members who can change this organization&apos;s Clarity, once the organization has
        Clarity. Clarity Home and the documents stay open to you.
      </Alert>
    );
  }
  return (
    <Stack>
      <Card
        withBorder
        component="form"
        aria-label="Build an analysis"
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) run.mutate(definition);
        }}
      >
        <Stack>
          <Checkbox.Group
            label="Measures"
            value={definition.measures}
            onChange={(v) => set({ measures: CLARITY_MEASURES.filter((m) => v.includes(m)) })}
          >
            <Group mt="xs">
              {CLARITY_MEASURES.map((m) => (
                <Checkbox key={m} value={m} label={CLARITY_MEASURE_LABELS[m]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group
            label="Dimensions"
            description="Rows are grouped in the order you tick them (at most three). Amounts are never added across currencies."
            value={definition.dimensions}
            onChange={(v) =>
              set({
                dimensions: [
                  ...definition.dimensions.filter((d) => v.includes(d)),
                  ...v.filter((d) => !definition.dimensions.includes(d)),
                ],
              })
            }
          >
            <Group mt="xs">
              {CLARITY_DIMENSIONS.map((d) => (
                <Checkbox key={d} value={d} label={CLARITY_DIMENSION_LABELS[d]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group align="end">
            <TextInput
              type="date"
              label="From"
              value={definition.start}
              onChange={(e) => set({ start: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={definition.end}
              onChange={(e) => set({ end: e.currentTarget.value })}
            />
            <Radio.Group label="Show as" value={definition.display} onChange={(v) => set({ display: v })}>
              <Group mt="xs">
                <Radio value="table" label="Table" />
                <Radio value="chart" label="Chart" />
              </Group>
            </Radio.Group>
          </Group>
          {problem && (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          )}
          {run.isError && (
            <Alert color="red" role="alert" title="The analysis could not run">
              {run.error.message}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={run.isPending} disabled={problem !== null}>
              Run analysis
            </Button>
          </Group>
        </Stack>
      </Card>
      {ran && (
        <Card withBorder component="section" aria-label="Analysis result">
          <Stack>
            <Text size="sm" c="dimmed">
              {ran.definition.start} to {ran.definition.end} · {ran.result.accountCount} account
              {ran.result.accountCount === 1 ? '' : 's'} · closed settlements
            </Text>
            {ran.definition.display === 'chart' && ran.result.rows.length > 0 ? (
              <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
                <Chart.Component
                  title={ran.definition.measures
                    .map((m: ClarityMeasure) => CLARITY_MEASURE_LABELS[m])
                    .join(', ')}
                  result={ran.result}
                  dimensions={ran.definition.dimensions}
                  measures={ran.definition.measures}
                />
              </Suspense>
            ) : (
              <ClarityResultTable
                label="Analysis rows"
                result={ran.result}
                dimensions={ran.definition.dimensions}
                measures={ran.definition.measures}
              />
            )}
          </Stack>
        </Card>
      )}
      <Card
        withBorder
        component="form"
        aria-label="Save the analysis"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() && !problem) save.mutate();
        }}
      >
        <Group align="end">
          <TextInput
            label="Analysis name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            w={320}
            description="Saving under a name already used replaces that analysis."
          />
          <Button type="submit" loading={save.isPending} disabled={!name.trim() || problem !== null}>
            Save analysis
          </Button>
        </Group>
        {save.isError && (
          <Text size="sm" c="red" role="alert" mt="xs">
            {save.error.message}
          </Text>
        )}
      </Card>
      {notice && (
        <Alert color="teal" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {remove.isError && (
        <Alert color="red" role="alert">
          {remove.error.message}
        </Alert>
      )}
      <Title order={2} size="h4">
        Saved analyses
      </Title>
      {saved.isError ? (
        <Alert color="red" role="alert">
          {saved.error.message}
        </Alert>
      ) : (
        <SavedAnalysesTable
          analyses={saved.data?.analyses ?? []}
          isLoading={saved.isPending}
          onOpen={open}
          onDelete={(a) => remove.mutate(a)}
          isDeleting={remove.isPending}
        />
      )}
    </Stack>
  );
}

export function ClarityCustomPage() {
  return <ClarityFrame tab="custom">{(context) => <Analysis context={context} />}</ClarityFrame>;
}
