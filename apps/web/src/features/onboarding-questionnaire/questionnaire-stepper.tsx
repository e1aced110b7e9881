/**
 * The assisted setup questionnaire as a three-step form (issue 15): each Next saves the answers so
 * far (PUT), Finish saves and finalizes, and "Skip: quick setup" finalizes with quickSetup so the
 * server applies its default posting settings. Every control has a visible label.
 */
import { Alert, Button, Checkbox, Group, MultiSelect, Radio, Select, Stack, Stepper, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { QuestionnaireAnswersBody } from '@ledgerport/contract';
import { BUSINESS_TYPES, HELP_TOPICS, missingQuestionnaireAnswers, ORDER_VOLUME_BANDS, QUESTIONNAIRE_ACCOUNTING_SYSTEMS, QUESTIONNAIRE_SALES_CHANNELS, type QuestionnaireAnswers } from '@ledgerport/core/rules';
import { TAX_COUNTRIES } from '@ledgerport/core/posting';
import { ApiError } from '../../lib/api-client';
import { ACCOUNTING_SYSTEM_LABELS, BUSINESS_TYPE_LABELS, COMMON_COUNTRIES, countryName, HELP_TOPIC_LABELS, ORDER_VOLUME_LABELS, SALES_CHANNEL_LABELS } from './questionnaire-labels';

type Answers = QuestionnaireAnswersBody;

export interface QuestionnaireStepperProps {
  initial: Answers;
  /** Saves the answers (PUT); resolves with the stored answers. */
  onSave: (answers: Answers) => Promise<void>;
  onFinish: (answers: Answers) => Promise<void>;
  onQuickSetup: (answers: Answers) => Promise<void>;
}

/** The step each answer is asked on: Finish links a missing required answer back to its step. */
const STEP_OF: Partial<Record<keyof QuestionnaireAnswers, number>> = { businessType: 0, salesChannels: 0, sellingCountries: 0, monthlyOrderVolume: 1, accountingSystem: 1, hasAccountant: 1 };
const REGISTERED_COUNTRY_OPTIONS = TAX_COUNTRIES.map(([code, name, tax]) => ({ value: code, label: `${name} (${tax})` }));

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
const boolValue = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no');
const fromBool = (v: string) => (v === 'yes' ? true : v === 'no' ? false : null);

function YesNo({ label, value, onChange }: { label: string; value: boolean | null; onChange: (v: boolean | null) => void }) {
  return (
    <Radio.Group label={label} value={boolValue(value)} onChange={(v) => onChange(fromBool(v))}>
      <Group mt={4}>
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}

export function QuestionnaireStepper({ initial, onSave, onFinish, onQuickSetup }: QuestionnaireStepperProps) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>(initial);
  const [busy, setBusy] = useState<'save' | 'finish' | 'quick' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Answers>(key: K, value: Answers[K]) => setAnswers((a) => ({ ...a, [key]: value }));
  const countries = [...new Set([...COMMON_COUNTRIES, ...answers.sellingCountries])].map((code) => ({ value: code, label: `${countryName(code)} (${code})` }));

  const run = async (kind: 'save' | 'finish' | 'quick', action: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setBusy(null);
    }
  };
  // Core's rule for what Finish needs, checked before asking the server: each missing answer links to its step.
  const missing = missingQuestionnaireAnswers(answers);
  const [isMissingShown, setMissingShown] = useState(false);
  const finish = () => {
    if (missing.length > 0) {
      setMissingShown(true);
      return;
    }
    void run('finish', () => onFinish(answers));
  };
  const next = () => run('save', async () => {
    await onSave(answers);
    setStep((s) => s + 1);
  });

  return (
    <Stack>
      <Stepper active={step} onStepClick={setStep} size="sm" aria-label="Assisted setup steps">
        <Stepper.Step label="Your business" description="Type, channels, countries">
          <Stack mt="md">
            <Select label="Business type" placeholder="Choose one" data={options(BUSINESS_TYPES, BUSINESS_TYPE_LABELS)} value={answers.businessType} onChange={(v) => set('businessType', v)} clearable />
            <Checkbox.Group label="Where do you sell?" description="Every sales channel you use, connected here or not." value={answers.salesChannels} onChange={(v) => set('salesChannels', v)}>
              <Group mt={6} gap="md">
                {QUESTIONNAIRE_SALES_CHANNELS.map((c) => (
                  <Checkbox key={c} value={c} label={SALES_CHANNEL_LABELS[c]} />
                ))}
              </Group>
            </Checkbox.Group>
            <MultiSelect label="Countries you sell in" placeholder="Choose countries" data={countries} value={answers.sellingCountries} onChange={(v) => set('sellingCountries', v)} searchable />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Orders and books" description="Volume, accounting system">
          <Stack mt="md">
            <Radio.Group label="Orders per month" value={answers.monthlyOrderVolume ?? ''} onChange={(v) => set('monthlyOrderVolume', v as Answers['monthlyOrderVolume'])}>
              <Group mt={4}>
                {ORDER_VOLUME_BANDS.map((b) => (
                  <Radio key={b} value={b} label={ORDER_VOLUME_LABELS[b]} />
                ))}
              </Group>
            </Radio.Group>
            <Select label="Accounting system" placeholder="Choose one" data={options(QUESTIONNAIRE_ACCOUNTING_SYSTEMS, ACCOUNTING_SYSTEM_LABELS)} value={answers.accountingSystem} onChange={(v) => set('accountingSystem', v)} clearable />
            <YesNo label="Do you have an accountant or bookkeeper?" value={answers.hasAccountant} onChange={(v) => set('hasAccountant', v)} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Tax and help" description="Currencies, VAT, what you need">
          <Stack mt="md">
            <YesNo label="Do you sell in more than one currency?" value={answers.isMultiCurrency} onChange={(v) => set('isMultiCurrency', v)} />
            <YesNo label="Are you registered for VAT or GST?" value={answers.isVatRegistered} onChange={(v) => set('isVatRegistered', v)} />
            {answers.isVatRegistered === true && (
              <Select
                label="Country of your VAT or GST registration"
                placeholder="Choose a country"
                data={REGISTERED_COUNTRY_OPTIONS}
                value={answers.registeredCountry}
                onChange={(v) => set('registeredCountry', v)}
                searchable
                clearable
              />
            )}
            <Checkbox.Group label="What would you like help with?" value={answers.helpWith} onChange={(v) => set('helpWith', v)}>
              <Stack mt={6} gap={6}>
                {HELP_TOPICS.map((t) => (
                  <Checkbox key={t} value={t} label={HELP_TOPIC_LABELS[t]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Textarea label="Anything else we should know?" value={answers.notes ?? ''} onChange={(e) => set('notes', e.currentTarget.value)} maxLength={1000} autosize minRows={2} />
          </Stack>
        </Stepper.Step>
      </Stepper>
      {isMissingShown && missing.length > 0 && (
        <Alert color="yellow" role="alert" title="A few answers are still needed before Finish">
          <Stack gap={4}>
            {missing.map((m) => (
              <Group key={m.field} gap="xs">
                <Text size="sm">The {m.label} question is not answered.</Text>
                <Button size="compact-xs" variant="light" onClick={() => setStep(STEP_OF[m.field] ?? 2)}>
                  Answer the {m.label} question
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="Could not save the answers">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Group>
          <Button variant="default" onClick={() => setStep((s) => s - 1)} disabled={step === 0 || busy !== null}>
            Back
          </Button>
          {step < 2 ? (
            <Button onClick={() => void next()} loading={busy === 'save'} disabled={busy !== null && busy !== 'save'}>
              Save and continue
            </Button>
          ) : (
            <Button onClick={finish} loading={busy === 'finish'} disabled={busy !== null && busy !== 'finish'}>
              Finish
            </Button>
          )}
        </Group>
        <Button variant="subtle" onClick={() => void run('quick', () => onQuickSetup(answers))} loading={busy === 'quick'} disabled={busy !== null && busy !== 'quick'}>
          Skip: quick setup
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Your answers are saved at each step, so you can come back later. Quick setup skips the remaining questions and picks posting settings for you from what you answered.
      </Text>
    </Stack>
  );
}
