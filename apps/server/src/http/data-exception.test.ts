/**
 * A value the database refuses (PostgreSQL class 22, data exception) is the request's fault: a 400 in
 * the contract's error shape with the database's sentence, never a 500 (issue 14). Real errors from
 * the test database (PGlite, and PostgreSQL when DATABASE_URL is set), through the real error handler.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@ledgerport/contract';
import { openTestDb, type TestDb } from '../../test/test-db';
import { describeDataException, registerErrorHandling } from './error-handler';

let testDb: TestDb;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await openTestDb();
  app = Fastify({ logger: false });
  registerErrorHandling(app, 1024 * 1024, () => false);
  app.get<{ Querystring: { value: string; type: string } }>('/cast', async (request) => {
    const type = { numeric: sql`numeric(20,4)`, date: sql`date`, int: sql`integer` }[request.query.type]!;
    const { rows } = await sql<{ v: unknown }>`select cast(${request.query.value} as ${type})::text as v`.execute(testDb.db);
    return rows[0];
  });
  app.get('/bug', async () => sql`select * from no_such_table`.execute(testDb.db));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.close();
});

describe('a value the database refuses', () => {
  it.each([
    ['numeric', '123456789012345678901234', /numeric field overflow/],
    ['date', '2026-02-30', /date\/time field value out of range|out of range/],
    ['int', 'twelve', /invalid input syntax for type integer/],
  ])('(%s %s) is a 400 naming the problem, not a 500', async (type, value, said) => {
    const res = await app.inject({ method: 'GET', url: `/cast?type=${type}&value=${encodeURIComponent(value)}` });
    const body = res.json<ErrorBody>();
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(body).toMatchObject({ code: 'request.invalid', httpStatusCode: 400 });
    expect(body.message).toMatch(said);
    expect(body.message).toMatch(/^A value in the request could not be used: /);
  });

  it('is told apart from a server fault, which stays a 500 that leaks nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('no_such_table');
    expect(describeDataException({ code: '42P01', message: 'relation "no_such_table" does not exist' })).toBeUndefined();
    expect(describeDataException(new Error('plain'))).toBeUndefined();
  });
});
