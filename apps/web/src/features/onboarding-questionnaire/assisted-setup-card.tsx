/**
 * The assisted setup card of the onboarding flow (the Admin page): shown when the server's
 * shouldShowAssistedSetup says so (core's decideAssistedSetup). With no questionnaire yet it offers
 * Start or quick setup; a draft opens at the questions. After Finish it thanks the seller with the
 * server's message.
 */
import { Alert, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { QuestionnaireAnswersBody } from '@ledgerport/contract';
import { EMPTY_QUESTIONNAIRE_ANSWERS } from '@ledgerport/core/rules';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { track } from '../../lib/track';
import { checkKey, questionnaireApi, questionnaireKey } from './questionnaire-api';
import { QuestionnaireStepper } from './questionnaire-stepper';

export function AssistedSetupCard() {
  const { account, reload } = useSession();
  const accountKey = account.accountKey;
  const queryClient = useQueryClient();
  const [finished, setFinished] = useState<{ message: string; applied: string[] } | null>(null);
  const [isStarting, setStarting] = useState(false);
  const check = useQuery({ queryKey: checkKey(accountKey), queryFn: () => questionnaireApi.check(accountKey), retry: false });
  const status = check.data?.questionnaireStatus;
  const questionnaire = useQuery({ queryKey: questionnaireKey(accountKey), queryFn: () => questionnaireApi.get(accountKey), enabled: status === 'draft', retry: false });

  if (finished) {
    return (
      <Alert color="green" title="Assisted setup finished" role="status">
        <Text size="sm">{finished.message}</Text>
        {finished.applied.length > 0 && (
          <List size="sm" mt="xs" aria-label="What assisted setup did">
            {finished.applied.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
      </Alert>
    );
  }
  if (!check.data?.shouldShow) return null;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: checkKey(accountKey) });
    await queryClient.invalidateQueries({ queryKey: questionnaireKey(accountKey) });
  };
  /** Saves the answers: starts the questionnaire when it has none yet. */
  const save = async (answers: Partial<QuestionnaireAnswersBody>) => {
    const saved = status === 'draft' ? await questionnaireApi.save(accountKey, answers) : await questionnaireApi.create(accountKey, answers);
    queryClient.setQueryData(questionnaireKey(accountKey), saved);
    if (status !== 'draft') await queryClient.invalidateQueries({ queryKey: checkKey(accountKey) });
  };
  const finish = async (answers: QuestionnaireAnswersBody) => {
    await save(answers);
    const done = await questionnaireApi.finalize(accountKey);
    void track('onboarding_questionnaire_finished', { feature: 'onboarding' });
    setFinished({ message: done.message, applied: done.applied });
    await reload();
    await refresh();
  };
  const start = async () => {
    setStarting(true);
    try {
      await save({});
    } catch (e) {
      showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card withBorder aria-label="Assisted setup" component="section">
      <Stack>
        <div>
          <Title order={2} size="h4">
            Assisted setup
          </Title>
          <Text size="sm" c="dimmed">
            A few questions about your business help us set up your accounts, taxes and posting settings the way your books need them.
          </Text>
        </div>
        {status === 'none' && (
          <Group>
            <Button onClick={() => void start()} loading={isStarting}>
              Start assisted setup
            </Button>
            <Button variant="subtle" onClick={() => void finish({ ...EMPTY_QUESTIONNAIRE_ANSWERS, quickSetup: true }).catch((e: unknown) => showToast('error', e instanceof ApiError ? e.message : 'Something went wrong.'))}>
              Skip: quick setup
            </Button>
          </Group>
        )}
        {status === 'draft' && questionnaire.isPending && <Loader size="sm" aria-label="Loading the questionnaire" />}
        {status === 'draft' && questionnaire.data && (
          <QuestionnaireStepper
            initial={questionnaire.data.answers}
            onSave={(answers) => save(answers)}
            onFinish={(answers) => finish(answers)}
            onQuickSetup={(answers) => finish({ ...answers, quickSetup: true })}
          />
        )}
      </Stack>
    </Card>
  );
}
