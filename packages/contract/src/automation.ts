/**
 * Settings > Automation (issue 15): sending new settlements to the accounting system without a click,
 * after a delay, by core's rules (decideAutoSend): never an inconsistent, held, duplicate or failed one.
 */
import { z } from 'zod';
import { AUTO_SEND_DELAY_HOURS_MAX } from '@ledgerport/core/rules';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';

const accountKey = accountKeySchema;

export const AUTO_SEND_RULES = [
  'ready', 'waiting-delay', 'waiting-mappings', 'waiting-open', 'posted', 'duplicate', 'inconsistent', 'on-hold', 'failed', 'partially-posted', 'in-progress', 'upload', 'before-start',
] as const;

export const autoSendOutlookSchema = z.object({
  settlementKey: z.string(),
  settlementId: z.string(),
  endDate: z.string().nullable(),
  total: z.string().nullable(),
  currency: z.string(),
  kind: z.enum(['send', 'wait', 'never']),
  rule: z.enum(AUTO_SEND_RULES),
  /** Why, in a sentence; null when it is sent at the next run. */
  reason: z.string().nullable(),
  sendAfter: z.string().nullable(),
});
export type AutoSendOutlook = z.infer<typeof autoSendOutlookSchema>;

export const automationSettingsSchema = z
  .object({
    accountKey: z.string(),
    isEnabled: z.boolean(),
    delayHours: z.number().int(),
    isSendingUploads: z.boolean(),
    sendFromDate: z.string().nullable(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
    /** False for view-only users: they see the settings but cannot change them. */
    canEdit: z.boolean(),
    /** Why automation cannot be turned on now (no accounting system, or it is disconnected); null when it can. */
    refusal: z.string().nullable(),
    /** The account's unposted settlements (newest first, at most 50) and what automation does with each. */
    outlook: z.array(autoSendOutlookSchema),
    /** The last settlements automation sent (newest first, at most 10). */
    recentSends: z.array(z.object({ settlementKey: z.string(), settlementId: z.string(), at: z.string() })),
  })
  .meta({ id: 'AutomationSettings' });
export type AutomationSettingsBody = z.infer<typeof automationSettingsSchema>;

export const saveAutomationBodySchema = z.strictObject({
  isEnabled: z.boolean().optional(),
  delayHours: z
    .number({ error: 'The delay must be a whole number of hours.' })
    .int('The delay must be a whole number of hours.')
    .min(0, 'The delay cannot be negative.')
    .max(AUTO_SEND_DELAY_HOURS_MAX, `The delay can be at most ${AUTO_SEND_DELAY_HOURS_MAX} hours (one week).`)
    .optional(),
  isSendingUploads: z.boolean().optional(),
  sendFromDate: isoDateSchema.nullable().optional(),
});
export type SaveAutomation = z.infer<typeof saveAutomationBodySchema>;

export const getAutomationSettings = defineEndpoint({
  method: 'GET',
  url: '/account-settings/automation',
  summary: "The account's automatic sending: on or off, delay, whether uploads are sent, the first day sent, and what automation will do with each unposted settlement.",
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: automationSettingsSchema,
});

export const saveAutomationSettings = defineEndpoint({
  method: 'PUT',
  url: '/account-settings/automation',
  summary: 'Change automatic sending (the fields sent); audited. Turning it on needs an accounting system that can receive a send; the first day sent defaults to today.',
  tag: 'account',
  access: 'user',
  effect: 'write',
  querystring: z.strictObject({ accountKey }),
  body: saveAutomationBodySchema,
  response: automationSettingsSchema,
});
