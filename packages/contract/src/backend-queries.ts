/**
 * The backend's read-only query consoles (issue 19, decision 0045): the QBO playground sends the QBO
 * query language to the account's connected QuickBooks company, the NetSuite console sends SuiteQL
 * and reads records through the REST record API. Admin-only (root admin, support lead, support
 * admin); every call is audited in the account's history with the staff member's name.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { accountKeySchema } from './ids';
import { safeTextSchema } from './safe-text';

const queryText = safeTextSchema.max(4000, 'The query is too long (4,000 characters at most).');
const recordType = safeTextSchema.regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, 'The record type is a NetSuite record name such as account, subsidiary or journalentry.');
const recordId = safeTextSchema.regex(/^[0-9]{1,20}$/, 'The record id is a NetSuite internal id (digits).');
/** One row as the system answered it: field names to values, nested objects included. */
const rowSchema = z.record(z.string(), z.unknown());

export const qboQueryResultSchema = z
  .object({
    /** The query as sent (MAXRESULTS added when it had none). */
    query: z.string(),
    entity: z.string(),
    realmId: z.string(),
    rows: z.array(rowSchema),
    startPosition: z.number().int().nullable(),
    maxResults: z.number().int().nullable(),
    /** Set for SELECT COUNT(*) queries. */
    totalCount: z.number().int().nullable(),
    /** QBO's whole answer, for the raw JSON view. */
    raw: z.unknown(),
  })
  .meta({ id: 'QboQueryResult' });
export type QboQueryResult = z.infer<typeof qboQueryResultSchema>;

export const runBackendQboQuery = defineEndpoint({
  method: 'POST',
  url: '/backend/:accountKey/qbo/query',
  summary: "Runs a read-only QBO query (SELECT only, at most 1000 rows) against the account's QuickBooks company (admin only, audited).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ accountKey: accountKeySchema }),
  body: z.strictObject({ query: queryText }),
  response: qboQueryResultSchema,
});

export const suiteQlPageSchema = z
  .object({
    query: z.string(),
    accountId: z.string(),
    items: z.array(rowSchema),
    limit: z.number().int(),
    offset: z.number().int(),
    hasMore: z.boolean(),
    totalResults: z.number().int().nullable(),
  })
  .meta({ id: 'SuiteQlPage' });
export type SuiteQlPage = z.infer<typeof suiteQlPageSchema>;

const paging = {
  limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(1000, 'limit must be at most 1000.').default(50),
  offset: z.coerce.number().int('offset must be a whole number.').min(0, 'offset must be 0 or more.').max(99_000, 'offset must be at most 99000 (SuiteQL answers 100,000 rows at most).').default(0),
};

export const runBackendSuiteQl = defineEndpoint({
  method: 'POST',
  url: '/backend/:accountKey/netsuite/suiteql',
  summary: "Runs a read-only SuiteQL query (SELECT only), one page of limit rows from offset, against the account's NetSuite (admin only, audited).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ accountKey: accountKeySchema }),
  body: z.strictObject({ query: queryText, ...paging }),
  response: suiteQlPageSchema,
});

export const listBackendNetSuiteRecords = defineEndpoint({
  method: 'GET',
  url: '/backend/:accountKey/netsuite/records/:recordType',
  summary: "One page of the records of one NetSuite record type, by SuiteQL, ordered by id (admin only, audited).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ accountKey: accountKeySchema, recordType }),
  querystring: z.strictObject(paging),
  response: suiteQlPageSchema,
});

export const getBackendNetSuiteRecord = defineEndpoint({
  method: 'GET',
  url: '/backend/:accountKey/netsuite/records/:recordType/:id',
  summary: 'One NetSuite record as the REST record API answers it (admin only, audited).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  params: z.strictObject({ accountKey: accountKeySchema, recordType, id: recordId }),
  response: z.object({ recordType: z.string(), id: z.string(), record: rowSchema }).meta({ id: 'NetSuiteRecord' }),
});
