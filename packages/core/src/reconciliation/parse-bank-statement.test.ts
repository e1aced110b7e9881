import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBankStatement } from './parse-bank-statement';
import { checkStatementBalance } from './statement-balance';

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

describe('bank statements as banks write them (issue 28)', () => {
  it('dates CAMT entries without BookgDt or ValDt by their statement, says so on each, and the statement adds up', () => {
    const { transactions, problems, balanceChecks, isBalanced } = parseBankStatement(fixture('camt053-undated-entries.xml'), 'lt.xml');
    expect(problems).toEqual([]);
    expect(transactions.map((t) => [t.row, t.date, t.valueDate, t.amount, t.currency, t.reference])).toEqual([
      [21, '2026-03-12', null, 12_687_500n, 'EUR', 'LT-0001'],
      [28, '2026-03-12', null, -580_000n, 'EUR', 'LT-0002'],
    ]);
    for (const t of transactions) expect(t.dateNote).toBe("The entry has no booking or value date: dated 2026-03-12, the statement's closing balance date.");
    expect(balanceChecks).toEqual([
      expect.objectContaining({
        row: 7, account: 'LT121000011101001000', currency: 'EUR',
        opening: { code: 'OPBD', amount: 15_204_000n, date: '2026-03-12' },
        closing: { code: 'CLBD', amount: 27_311_500n, date: '2026-03-12' },
        entryCount: 2, entriesTotal: 12_107_500n, difference: 0n, isBalanced: true,
      }),
    ]);
    expect(isBalanced).toBe(true);
  });

  it('keeps an entry its own date and gives it no note', () => {
    const { transactions } = parseBankStatement(fixture('camt053-sample.xml'), 'c.xml');
    expect(transactions.every((t) => t.dateNote === undefined)).toBe(true);
  });

  it('without any date in the entry or its statement, refuses the entry and says why', () => {
    const text = readFileSync(new URL('./__fixtures__/camt053-undated-entries.xml', import.meta.url), 'utf8')
      .replace(/<Dt><Dt>2026-03-12<\/Dt><\/Dt>/g, '')
      .replace(/<CreDtTm>[^<]*<\/CreDtTm>/g, '');
    const { problems, transactions } = parseBankStatement(bytes(text), 'lt.xml');
    expect(transactions).toEqual([]);
    expect(problems[0]).toEqual({ file: 'lt.xml', row: 21, column: 'Ntry/BookgDt', message: 'Line 21, Ntry/BookgDt: the entry has no booking or value date, and its statement states no date either.' });
  });

  it('flags a CAMT statement whose balances do not add up, with the difference (PRCD opening, DBIT balance, pending entry left out)', () => {
    const { transactions, problems, balanceChecks, isBalanced } = parseBankStatement(fixture('camt053-not-balancing.xml'), 'de.xml');
    expect(problems).toEqual([]);
    expect(transactions).toHaveLength(3);
    expect(isBalanced).toBe(false);
    expect(balanceChecks).toHaveLength(1);
    const check = balanceChecks[0]!;
    expect(check).toMatchObject({
      account: 'DE-ACC-0042', currency: 'EUR',
      opening: { code: 'PRCD', amount: -2_500_000n, date: '2026-04-30' },
      closing: { code: 'CLBD', amount: 9_000_000n, date: '2026-05-31' },
      entryCount: 2, entriesTotal: 11_600_000n, difference: -100_000n, isBalanced: false,
    });
    expect(check.message).toBe('The statement of DE-ACC-0042 (line 7) does not add up: opening -250.00 EUR + 2 entries 1160.00 EUR = 910.00 EUR, but the closing balance is 900.00 EUR (a difference of -10.00 EUR): entries are missing or were not read.');
  });

  it('a CAMT statement without balances cannot be checked and says so, without being flagged', () => {
    const { balanceChecks, isBalanced } = parseBankStatement(fixture('camt053-sample.xml'), 'c.xml');
    expect(balanceChecks[0]).toMatchObject({ isBalanced: null, difference: null, entryCount: 2 });
    expect(balanceChecks[0]!.message).toMatch(/states no opening and no closing balance/);
    expect(isBalanced).toBe(true);
  });

  it('takes an OFX transaction currency from its CURRENCY or ORIGCURRENCY block when CURDEF is empty, and reads LEDGERBAL', () => {
    const { transactions, problems, balanceChecks } = parseBankStatement(fixture('ofx-empty-curdef.ofx'), 'e.ofx');
    expect(problems).toEqual([]);
    expect(transactions.map((t) => [t.date, t.amount, t.currency, t.reference])).toEqual([
      ['2026-04-07', 8_421_000n, 'EUR', 'OFX-EUR-1'],
      ['2026-04-15', -129_000n, 'EUR', 'OFX-EUR-2'],
    ]);
    expect(balanceChecks).toEqual([
      expect.objectContaining({ row: 19, account: '0000111122', currency: null, opening: null, closing: { code: 'LEDGERBAL', amount: 18_292_000n, date: '2026-04-30' }, entryCount: 2, entriesTotal: 8_292_000n, isBalanced: null }),
    ]);
    expect(balanceChecks[0]!.message).toMatch(/states no opening balance/);
  });

  it('keeps CURDEF over a transaction block when the statement gives it', () => {
    const sgml = 'OFXHEADER:100\n\n<OFX>\n<STMTRS>\n<CURDEF>USD\n<STMTTRN>\n<DTPOSTED>20260105\n<TRNAMT>5.00\n<CURRENCY>\n<CURRATE>0.9\n<CURSYM>EUR\n</CURRENCY>\n</STMTTRN>\n</STMTRS>\n</OFX>\n';
    const { transactions } = parseBankStatement(bytes(sgml), 'x.ofx');
    expect(transactions[0]?.currency).toBe('USD');
  });
});

describe('the balance check rule', () => {
  it('is balanced when opening + entries = closing, and names the difference otherwise', () => {
    const balance = (amount: bigint) => ({ code: 'X', amount, date: null });
    expect(checkStatementBalance({ row: 1, account: null, currency: 'JPY', opening: balance(0n), closing: balance(10_000n), entries: [10_000n] })).toMatchObject({ isBalanced: true, difference: 0n });
    const off = checkStatementBalance({ row: 3, account: null, currency: 'JPY', opening: balance(0n), closing: balance(20_000n), entries: [10_000n] });
    expect(off).toMatchObject({ isBalanced: false, difference: 10_000n });
    expect(off.message).toContain('a difference of 1 JPY');
  });
});
