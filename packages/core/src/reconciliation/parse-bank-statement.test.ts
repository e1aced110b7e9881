import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBankStatement } from './parse-bank-statement';

const bytes = (text: string) => new TextEncoder().encode(text);
const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

describe('bank statement CSV', () => {
  it('finds the header below the account lines and reads decimal commas with thousands separators', () => {
    const result = parseBankStatement(fixture('amazon-de-bank.csv'), 'bank.csv');
    expect(result.format).toBe('csv');
    expect(result.problems).toEqual([]);
    expect(result.transactions.map((t) => [t.row, t.date, t.amount, t.currency])).toEqual([
      [6, '2018-05-02', -12_000_000n, 'EUR'],
      [7, '2018-05-07', 534_400n, 'EUR'],
      [8, '2018-05-15', 12_345_600n, 'EUR'],
    ]);
  });

  it('reads credit and debit columns into one signed amount', () => {
    const csv = 'Date,Description,Debit,Credit\n01/15/2026,Rent,"1,500.00",\n01/16/2026,SHOPIFY PAYOUT,,"2,345.67"\n';
    const { transactions, problems } = parseBankStatement(bytes(csv), 'b.csv');
    expect(problems).toEqual([]);
    expect(transactions.map((t) => [t.date, t.amount, t.currency, t.description])).toEqual([
      ['2026-01-15', -15_000_000n, null, 'Rent'],
      ['2026-01-16', 23_456_700n, null, 'SHOPIFY PAYOUT'],
    ]);
  });

  it('names the row and column of a bad amount and of a bad date, and reads the other rows', () => {
    const csv = 'Date,Description,Amount\n2026-01-15,A,12.x0\n2026-02-30,B,5.00\n2026-01-17,C,7.00\n';
    const { transactions, problems } = parseBankStatement(bytes(csv), 'b.csv');
    expect(problems).toEqual([
      { file: 'b.csv', row: 2, column: 'Amount', message: 'Row 2, column Amount: "12.x0" is not an amount.' },
      { file: 'b.csv', row: 3, column: 'Date', message: 'Row 3, column Date: "2026-02-30" is not a date.' },
    ]);
    expect(transactions.map((t) => t.row)).toEqual([4]);
  });

  it('says what it looked for when no header is found', () => {
    const { problems } = parseBankStatement(bytes('foo,bar\n1,2\n'), 'b.csv');
    expect(problems[0]?.message).toMatch(/Date column and an Amount column/);
  });
});

describe('OFX', () => {
  it('reads OFX 1.x SGML: unclosed elements, the statement currency, FITID as reference', () => {
    const { format, transactions, problems } = parseBankStatement(fixture('shopify-march-2026.ofx'), 'm.ofx');
    expect(format).toBe('ofx');
    expect(problems).toEqual([]);
    expect(transactions).toHaveLength(24);
    expect(transactions[0]).toEqual({ row: 39, date: '2026-03-02', valueDate: null, amount: -24_500_000n, currency: 'USD', description: 'RENT MARCH Office rent', reference: '2026000001' });
  });

  it('reads OFX 2.x XML with closed elements and entities', () => {
    const xml = `<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR</CURDEF><BANKTRANLIST>\n<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20260105</DTPOSTED><TRNAMT>1234.50</TRNAMT><FITID>X1</FITID><NAME>A &amp; B</NAME></STMTTRN>\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
    const { transactions, problems } = parseBankStatement(bytes(xml), 'x.ofx');
    expect(problems).toEqual([]);
    expect(transactions).toEqual([{ row: 4, date: '2026-01-05', valueDate: null, amount: 12_345_000n, currency: 'EUR', description: 'A & B', reference: 'X1' }]);
  });

  it('names the line and element of a bad amount', () => {
    const sgml = 'OFXHEADER:100\n\n<OFX>\n<STMTTRN>\n<DTPOSTED>20260105\n<TRNAMT>abc\n</STMTTRN>\n</OFX>\n';
    const { problems } = parseBankStatement(bytes(sgml), 'x.ofx');
    expect(problems).toEqual([{ file: 'x.ofx', row: 4, column: 'TRNAMT', message: 'Line 4, TRNAMT: "abc" is not an amount.' }]);
  });
});

describe('CAMT.053', () => {
  it('reads entries: amount with Ccy, CRDT and DBIT, booking and value dates, the bank reference and remittance text', () => {
    const { format, transactions, problems } = parseBankStatement(fixture('camt053-sample.xml'), 'c.xml');
    expect(format).toBe('camt053');
    expect(problems).toEqual([]);
    expect(transactions).toEqual([
      { row: 8, date: '2026-03-03', valueDate: '2026-03-04', amount: 12_345_600n, currency: 'GBP', description: 'SHOPIFY PAYOUT Payout 98765 & fees', reference: 'BNK-0001' },
      { row: 19, date: '2026-03-05', valueDate: null, amount: -450_000n, currency: 'GBP', description: '', reference: 'BNK-0002' },
    ]);
  });

  it('names the line of XML that is not well formed', () => {
    const text = readFileSync(new URL('./__fixtures__/camt053-sample.xml', import.meta.url), 'utf8').replace('</Amt>', '</Amnt>');
    const { problems, transactions } = parseBankStatement(bytes(text), 'c.xml');
    expect(transactions).toEqual([]);
    expect(problems[0]).toMatchObject({ row: 10 });
  });

  it('names the entry line and element of a bad indicator', () => {
    const text = readFileSync(new URL('./__fixtures__/camt053-sample.xml', import.meta.url), 'utf8').replace('<CdtDbtInd>DBIT', '<CdtDbtInd>XX');
    const { problems } = parseBankStatement(bytes(text), 'c.xml');
    expect(problems).toEqual([{ file: 'c.xml', row: 19, column: 'Ntry/CdtDbtInd', message: 'Line 19, Ntry/CdtDbtInd: "XX" is neither CRDT nor DBIT.' }]);
  });
});
