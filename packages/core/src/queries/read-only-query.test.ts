import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkQboQuery, checkSuiteQlQuery, isNetSuiteRecordType, QBO_QUERY_MAX_RESULTS } from './read-only-query';

const writes = ['INSERT INTO account VALUES (1)', 'UPDATE account SET name = 1', 'DELETE FROM account', 'DROP TABLE account', 'merge into x using y', 'create table t (a int)'];

describe('checkQboQuery', () => {
  it('adds the default row limit to a SELECT without MAXRESULTS and names the entity', () => {
    expect(checkQboQuery("select * from Account where Active = true")).toEqual({ isAccepted: true, query: 'select * from Account where Active = true MAXRESULTS 100', entity: 'Account', maxResults: 100 });
  });

  it('keeps a MAXRESULTS within 1..1000 and refuses a larger one', () => {
    expect(checkQboQuery('SELECT * FROM Class MAXRESULTS 5')).toMatchObject({ isAccepted: true, query: 'SELECT * FROM Class MAXRESULTS 5', maxResults: 5 });
    expect(checkQboQuery(`SELECT * FROM Class MAXRESULTS ${QBO_QUERY_MAX_RESULTS + 1}`)).toEqual({ isAccepted: false, message: 'MAXRESULTS must be a whole number from 1 to 1000 (it is 1001).' });
    expect(checkQboQuery('SELECT * FROM Class MAXRESULTS lots').isAccepted).toBe(false);
  });

  it('sends count(*) as it is: QBO answers it with totalCount and no rows', () => {
    expect(checkQboQuery('SELECT COUNT(*) FROM Account')).toEqual({ isAccepted: true, query: 'SELECT COUNT(*) FROM Account', entity: 'Account', maxResults: null });
  });

  it('refuses every statement that is not a SELECT, saying it only reads', () => {
    for (const text of writes) {
      const checked = checkQboQuery(text);
      expect(checked.isAccepted).toBe(false);
      expect(!checked.isAccepted && checked.message).toMatch(/Only SELECT queries|is not allowed/);
    }
  });

  it('refuses a second statement and a write word hidden after the SELECT', () => {
    expect(checkQboQuery('SELECT * FROM Account; DELETE FROM Account')).toEqual({ isAccepted: false, message: 'Send one query at a time: remove the semicolon between the statements.' });
    expect(checkQboQuery('SELECT * INTO x FROM Account')).toMatchObject({ isAccepted: false, message: expect.stringContaining('INTO is not allowed') as string });
  });

  it("reads a write word inside a quoted value as a value, with QBO's \\' escape", () => {
    expect(checkQboQuery("SELECT * FROM Account WHERE Name = 'Delete me; it\\'s old'")).toMatchObject({ isAccepted: true, entity: 'Account' });
  });

  it('refuses an open quote, an empty text and a missing entity with a message', () => {
    expect(checkQboQuery("SELECT * FROM Account WHERE Name = 'x")).toMatchObject({ isAccepted: false, message: expect.stringContaining('is not closed') as string });
    expect(checkQboQuery('   ')).toMatchObject({ isAccepted: false, message: expect.stringContaining('Type a query') as string });
    expect(checkQboQuery('SELECT 1')).toMatchObject({ isAccepted: false, message: expect.stringContaining('after FROM') as string });
  });

  it('never accepts a text whose first word is not SELECT', () =>
    fc.assert(
      fc.property(fc.string(), (text) => {
        const first = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toLowerCase();
        return first === 'select' || !checkQboQuery(text).isAccepted;
      }),
    ));
});

describe('checkSuiteQlQuery', () => {
  it('accepts one SELECT and drops a trailing semicolon', () => {
    expect(checkSuiteQlQuery("SELECT id, acctnumber FROM account WHERE isinactive = 'F';")).toEqual({ isAccepted: true, query: "SELECT id, acctnumber FROM account WHERE isinactive = 'F'" });
  });

  it('refuses writes, also after a comment, and ignores write words inside comments and literals', () => {
    for (const text of writes) expect(checkSuiteQlQuery(text).isAccepted).toBe(false);
    expect(checkSuiteQlQuery('/* read */ DELETE FROM account').isAccepted).toBe(false);
    expect(checkSuiteQlQuery("SELECT id FROM account -- update later\nWHERE memo = 'drop ''it'''").isAccepted).toBe(true);
    expect(checkSuiteQlQuery('SELECT id FROM account /* open').isAccepted).toBe(false);
  });

  it('accepts any SELECT whose quoted value holds any text', () =>
    fc.assert(fc.property(fc.string(), (value) => checkSuiteQlQuery(`SELECT id FROM account WHERE memo = '${value.replace(/'/g, "''")}'`).isAccepted)));
});

describe('isNetSuiteRecordType', () => {
  it('takes plain record type names only', () => {
    expect(['account', 'subsidiary', 'journalentry', 'customrecord_x1'].every(isNetSuiteRecordType)).toBe(true);
    expect(['', '1account', 'account;drop', 'account where 1=1', '../x'].some(isNetSuiteRecordType)).toBe(false);
  });
});
