/** /account/{accountKey}/questionnaire in the account area's frame: the seller's assisted setup answers (read-only). */
import { QuestionnaireSupportPage } from '../../onboarding-questionnaire/questionnaire-support-page';
import { AccountAreaFrame } from './account-area-frame';

export function AccountQuestionnairePage() {
  return <AccountAreaFrame>{() => <QuestionnaireSupportPage />}</AccountAreaFrame>;
}
