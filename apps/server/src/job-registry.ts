/**
 * Every background job of the server, in one list: startJobs creates a queue and a worker for each.
 * To add a job: declare a JobHandler next to its feature and append it here.
 */
import type { JobHandler } from './jobs/job-handler';
import { purgeRefreshTokensJob } from './features/auth/purge-refresh-tokens-job';
import { importSettlementFileJob } from './features/imports/import-settlement-file-job';
import { recoverSettlementImportsJob } from './features/imports/recover-settlement-imports-job';
import { mailImmediateNotificationsJob, mailNotificationDigestsJob } from './features/notifications/notification-mail-jobs';
import { redactAccountsJob } from './features/redaction/redact-accounts-job';
import { autoSendJob } from './features/automation/auto-send-job';
import { sendSettlementJob } from './features/posting/send-settlement-job';
import { sendCogsJob } from './features/cogs/send-cogs';
import { fetchChannelSettlementsJob, scheduleChannelFetchesJob } from './features/channel-connections/fetch-channel-settlements-job';
import { fetchInventoryReportJob, scheduleInventoryFetchesJob } from './features/inventory/fetch-inventory-report-job';

export const jobHandlers: readonly JobHandler<never>[] = [purgeRefreshTokensJob, importSettlementFileJob, recoverSettlementImportsJob, sendSettlementJob, fetchChannelSettlementsJob, scheduleChannelFetchesJob, redactAccountsJob, mailImmediateNotificationsJob, mailNotificationDigestsJob, autoSendJob, sendCogsJob, fetchInventoryReportJob, scheduleInventoryFetchesJob];
