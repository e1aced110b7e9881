/** The questionnaire's calls (spec section 7) as the web app makes them; the {id} is the account key. */
import type { OnboardingQuestionnaire, QuestionnaireAnswersBody } from '@ledgerport/contract';
import { api, apiRequest } from '../../lib/api-client';

const BASE = '/public/onboarding/questionnaire';

export interface AssistedSetupCheck {
  accountKey: string;
  shouldShow: boolean;
  reason: string;
  questionnaireStatus: 'none' | 'draft' | 'finalized';
}

export interface FinalizeAnswer {
  questionnaire: OnboardingQuestionnaire;
  isAlreadyFinalized: boolean;
  message: string;
  /** What Finish set up (self-hosted), one sentence each. */
  applied: string[];
}

export const checkKey = (accountKey: string) => ['assisted-setup', accountKey];
export const questionnaireKey = (accountKey: string) => ['questionnaire', accountKey];

const idPath = (accountKey: string) => encodeURIComponent(accountKey);

export const questionnaireApi = {
  check: (accountKey: string) => api.get<AssistedSetupCheck>(`${BASE}/shouldShowAssistedSetup/${idPath(accountKey)}`),
  get: (accountKey: string) => api.get<OnboardingQuestionnaire>(`${BASE}/${idPath(accountKey)}`),
  create: (accountKey: string, answers: Partial<QuestionnaireAnswersBody>) => api.post<OnboardingQuestionnaire>(BASE, { accountKey, ...answers }),
  save: (accountKey: string, answers: Partial<QuestionnaireAnswersBody>) => api.put<OnboardingQuestionnaire>(BASE, { accountKey, ...answers }),
  finalize: (accountKey: string) => api.post<FinalizeAnswer>(`${BASE}/finalize/${idPath(accountKey)}`),
  remove: (accountKey: string) => apiRequest<{ message: string }>('DELETE', `${BASE}/${idPath(accountKey)}`),
};
