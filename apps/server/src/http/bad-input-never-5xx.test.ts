/**
 * Property: no request, however malformed, gets a 5xx. Every endpoint of the contract is called, as
 * the demo merchant, with query strings and JSON bodies built from its own schema where any value at
 * any depth may be swapped for a bad one: random and binary strings, control characters (NUL too),
 * extreme and impossible dates, huge, negative and non-finite numbers, values of the wrong type.
 * LEDGERPORT_FUZZ_RUNS raises the number of requests per endpoint (default 8: a PGlite run stays
 * well under a minute).
 */
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@ledgerport/contract';
import type { Endpoint } from '@ledgerport/contract';
import { bearer, createDiscardingJobs, startTestServer, type TestServer } from '../../test/test-app';

const RUNS = Number(process.env.LEDGERPORT_FUZZ_RUNS ?? 8);

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && typeof (value as Endpoint).url === 'string' && typeof (value as Endpoint).method === 'string' && 'access' in value;
const endpoints = (Object.values(contract) as unknown[]).filter(isEndpoint);

/** The input JSON schema of a request part (zod's own conversion), as far as the generator reads it. */
interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

const controlCharacters = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', '\ud800', '\udfff', '\ufeff'];
const controlText = fc.string({ unit: fc.constantFrom(...controlCharacters, 'a', 'Z', '0', ' ', '\t', '\n', 'é', '\u{1d11e}', '%', "'", '\\'), maxLength: 10 });
const badDates = fc.constantFrom(
  '0000-01-01',
  '+275760-09-13',
  '-271821-04-20',
  '2026-02-30',
  '2026-99-99',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-11-01T25:61:61Z',
  '9999-12-31T23:59:59.999-14:00',
  '10000-01-01',
  '2026-11-01',
);
const badNumbers = fc.oneof(
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 1e21, -1, -0, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 31, -(2 ** 31) - 1),
  fc.double(),
  fc.integer(),
  fc.bigInt().map(String),
);
const wrongTypes = fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': null }, '', ' ', 'null', 'true', '[]', '{}', 'NaN', '-1', '1e999');
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  { weight: 3, arbitrary: controlText },
  { weight: 2, arbitrary: badDates },
  badNumbers,
  wrongTypes,
  fc.jsonValue({ maxDepth: 2 }),
);

/** Valid values for fields the seed knows, so a request gets past "not found" to the code behind it. */
const knownValues = (settlementKey: string): Record<string, unknown> => ({
  accountKey: 'acme-amazon-us',
  account: 'acme-amazon-us',
  accountKeyCopyFrom: 'acme-amazon-ca',
  destinationAccountKey: 'acme-amazon-ca',
  settlementKey,
  bulkSettlement: settlementKey,
  userId: 'user-demo',
  organizationId: 'org-acme',
  currency: 'USD',
  // Path parameters: the questionnaire's id is an account key.
  id: 'acme-amazon-us',
});

/** An arbitrary for a value of `schema`, any part of which may be replaced by a bad value. */
function valueOf(schema: JsonSchema | boolean | undefined, name: string, known: Record<string, unknown>, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: validValueOf(schema, name, known, depth) }, { weight: 1, arbitrary: badValue });
}

function validValueOf(schema: JsonSchema | boolean | undefined, name: string, known: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
  if (typeof schema !== 'object' || depth > 6) return badValue;
  if (name in known && depth > 0) {
    // A key that finds a row, or the same key with a control character: the text that once reached PostgreSQL.
    const value = String(known[name]);
    return fc.oneof({ weight: 2, arbitrary: fc.constant(known[name]) }, fc.constantFrom(`${value}\u0000`, `\u0000${value}`, `${value}\u001b`, `${value}\ud800`));
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return fc.oneof(...options.map((option) => validValueOf(option, name, known, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valueOf(property, key, known, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
      if (typeof schema.additionalProperties !== 'object') return record;
      const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), controlText), valueOf(schema.additionalProperties, name, known, depth + 1), { maxKeys: 3 });
      return fc.tuple(record, extra).map(([a, b]) => ({ ...b, ...a }));
    }
    case 'array':
      return fc.array(valueOf(schema.items, name, known, depth + 1), { maxLength: 4 });
    case 'string':
      if (schema.format === 'date') return fc.oneof(fc.constant('2026-11-01'), badDates);
      if (schema.pattern) return fc.oneof(patternValue(schema.pattern), controlText);
      return fc.oneof(fc.string({ maxLength: 12 }), controlText, badDates);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -5, -1e6), max: Math.min(schema.maximum ?? 200, 1e6) });
    case 'number':
      return fc.double({ noNaN: true, min: Math.max(schema.minimum ?? -1e6, -1e6), max: Math.min(schema.maximum ?? 1e6, 1e6) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return badValue;
  }
}

function patternValue(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 12 });
  }
}

/** The search needs its account criterion to reach SQL: every generated clause starts with it. */
function withSearchAccount(arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const account = [{ filterKey: 'accountKey', operation: 'eq', value: 'acme-amazon-us' }];
  const timeCriterion = fc.record({
    filterKey: fc.constantFrom('start', 'end', 'depositDate', 'created'),
    operation: fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'),
    value: fc.oneof(badDates, badValue, fc.array(badDates, { maxLength: 2 })),
  });
  return fc.oneof(
    arbitrary,
    fc.array(fc.array(timeCriterion, { minLength: 1, maxLength: 2 }), { maxLength: 2 }).map((groups) => ({ paginatedSearchCriteriaClause: [account, ...groups] })),
  );
}

const toJsonSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** A query string of `value`: arrays repeat their key, other values are written as text; now and then a raw broken escape. */
function queryOf(value: unknown, raw: string): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return raw;
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) params.append(key, typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one));
  }
  const text = params.toString();
  return raw ? `${text}&${raw}` : text;
}

/** The url with each `:name` segment replaced by its (encoded) value; a missing value leaves the segment empty. */
function pathOf(url: string, params: unknown): string {
  const values = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  return url.replace(/:(\w+)/g, (_, name: string) => encodeSegment(typeof values[name] === 'string' ? values[name] : (JSON.stringify(values[name]) ?? '')));
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its three raw bytes, the broken UTF-8 a client could send. */
function encodeSegment(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (c) => {
    const unit = c.charCodeAt(0);
    if (c.length === 1 && unit >= 0xd800 && unit <= 0xdfff) return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    return encodeURIComponent(c);
  });
}

/** How a body is sent: JSON mostly, also form encoded (as the web sends some actions) or as raw bytes under any content type. */
const encoding = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'json' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'form' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      contentType: fc.constantFrom('application/json', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'text/plain', 'application/octet-stream', ''),
      payload: fc.oneof(
        fc.string({ maxLength: 30 }),
        controlText,
        fc.constantFrom('{', '{"a":', '[', 'null', '"\\u0000"', '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000"\r\n\r\nx', '--x--\r\n', 'a=%00&b=%FF'),
      ),
    }),
  },
);

type Encoding = typeof encoding extends fc.Arbitrary<infer T> ? T : never;

function bodyOf(value: unknown, how: Encoding): { contentType: string; payload: string } {
  if (how.kind === 'raw') return { contentType: how.contentType, payload: how.payload };
  if (how.kind === 'form') return { contentType: 'application/x-www-form-urlencoded', payload: queryOf(value, '') };
  return { contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' };
}

let server: TestServer;
let headers: Record<string, string>;
let known: Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer({ jobs: createDiscardingJobs() });
  headers = bearer(await server.signIn('demo@ledgerport.local'));
  const row = await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', 'acme-amazon-us').executeTakeFirstOrThrow();
  known = knownValues(row.settlement_key);
});
afterAll(async () => {
  await server.close();
});

describe('bad input never gets a 5xx', () => {
  it('every contract endpoint is a route of the app', () => {
    const missing = endpoints.filter((e) => !server.app.hasRoute({ method: e.method, url: e.url })).map((e) => `${e.method} ${e.url}`);
    expect(missing).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(70);
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.url}`, async () => {
      const query = endpoint.querystring ? valueOf(toJsonSchema(endpoint.querystring), '', known) : fc.oneof(fc.constant(undefined), badValue);
      let body = endpoint.body ? valueOf(toJsonSchema(endpoint.body), '', known) : fc.oneof(fc.constant(undefined), badValue);
      if (endpoint === (contract.searchSettlements as Endpoint)) body = withSearchAccount(body);
      const params = endpoint.params ? valueOf(toJsonSchema(endpoint.params), '', known) : fc.constant(undefined);
      const rawQuery = fc.constantFrom('', '', '', '%00', '%FF', '%', 'a=%E0%A4%A', '__proto__=1', 'constructor[prototype]=1');
      await fc.assert(
        fc.asyncProperty(query, body, rawQuery, encoding, params, async (q, b, raw, how, p) => {
          const search = queryOf(q, raw);
          const path = pathOf(endpoint.url, p);
          const sent = endpoint.method === 'GET' || b === undefined ? undefined : bodyOf(b, how);
          const res = await server.app.inject({
            method: endpoint.method,
            url: `${path}${search ? `?${search}` : ''}`,
            headers: sent ? { ...headers, 'content-type': sent.contentType } : headers,
            ...(sent ? { payload: sent.payload } : {}),
          });
          expect(res.statusCode, `${endpoint.method} ${path}?${search} ${sent ? `${sent.contentType} ${JSON.stringify(sent.payload)}` : ''} answered ${res.body}`).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
