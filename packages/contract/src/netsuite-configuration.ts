/**
 * Account Settings > NetSuite Configuration: the subsidiary, department, class and location that
 * every journal entry Ledgerport sends to NetSuite (and each of its lines) carries, chosen from the
 * lists read from the connected NetSuite account (decision 0043).
 */
import { z } from 'zod';
import { safeTextSchema } from './safe-text';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';

const accountKey = accountKeySchema;

/** A NetSuite internal id ("12"); null leaves the record out of the journal entry. */
const recordIdSchema = safeTextSchema.trim().min(1, 'Choose a record from the list.').max(40, 'A NetSuite internal id must be at most 40 characters.').nullable();

export const saveNetSuiteConfigurationBodySchema = z.strictObject({
  subsidiaryId: recordIdSchema,
  departmentId: recordIdSchema,
  classId: recordIdSchema,
  locationId: recordIdSchema,
});
export type SaveNetSuiteConfiguration = z.input<typeof saveNetSuiteConfigurationBodySchema>;

const recordSchema = z.object({ id: z.string(), name: z.string() });

export const netSuiteConfigurationSchema = z
  .object({
    accountKey: z.string(),
    /** False: NetSuite is not connected, the lists are empty and nothing can be saved. */
    isConnected: z.boolean(),
    subsidiary: recordSchema.nullable(),
    department: recordSchema.nullable(),
    class: recordSchema.nullable(),
    location: recordSchema.nullable(),
    /** The active records of the connected NetSuite, read when the page asks. */
    choices: z.object({
      subsidiaries: z.array(recordSchema),
      departments: z.array(recordSchema),
      classes: z.array(recordSchema),
      locations: z.array(recordSchema),
    }),
    /** Why the lists are empty (not connected, NetSuite unreachable), in words for the page. */
    choicesProblem: z.string().nullable(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'NetSuiteConfiguration' });
export type NetSuiteConfigurationBody = z.infer<typeof netSuiteConfigurationSchema>;

export const getNetSuiteConfiguration = defineEndpoint({
  method: 'GET',
  url: '/account/netsuite-configuration',
  summary: 'The NetSuite subsidiary, department, class and location postings carry, and the lists to choose them from (read from NetSuite).',
  tag: 'account',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: netSuiteConfigurationSchema,
});

export const saveNetSuiteConfiguration = defineEndpoint({
  method: 'PUT',
  url: '/account/netsuite-configuration',
  summary: "Choose the NetSuite subsidiary, department, class and location of the account's journal entries (owner; recorded in the account history).",
  tag: 'account',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ accountKey }),
  body: saveNetSuiteConfigurationBodySchema,
  response: netSuiteConfigurationSchema,
});
