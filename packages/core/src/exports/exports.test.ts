import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import type { AccountingSystem } from '../mapping/model';
import { formatUnits, roundToMinor } from '../money/money';
import { getMinorDigits } from '../money/currencies';
import { buildPostings } from '../posting/build-postings';
import type { PostingDocument } from '../posting/model';
import { describeTestType, makeSettlement, settlementArbitrary } from '../posting/test-support/settlement-arbitraries';
import type { Settlement } from '../settlements/model';
import { beancountAccount } from './beancount-ledger';
import { csvField } from './csv-row';
import { writeExport } from './write-export';
import { XERO_JOURNAL_LINES_PER_FILE } from './xero-journal-csv';
import { runTool } from './test-support/run-tool';

/** 240 generated settlements (fixed seed), half Amazon half Shopify, every currency under test. */
const settlements: Settlement[] = fc
  .sample(settlementArbitrary(), { seed: 4242, numRuns: 240 })
  .map((c, i) => ({ ...c.settlement, channel: i % 2 === 0 ? 'AMAZON' : 'SHOPIFY', settlementId: `${c.settlement.settlementId}-${i}` }));
const post = (system: AccountingSystem, list: Settlement[] = settlements): PostingDocument[] =>
  list.flatMap((s) => buildPostings(s, defaultMappings(system), { describeType: describeTestType, timeZoneId: 'Europe/Berlin' }).documents);
const manualDocs = post('MANUAL');
const content = (format: Parameters<typeof writeExport>[0], docs: PostingDocument[], system?: AccountingSystem) =>
  writeExport(format, docs, system ? { taxRates: defaultMappings(system).chart.taxRates } : {}).map((f) => f.content);

/** Expected clearing balance per channel and currency: the sum of the deposits. */
function depositsBy(channel: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const s of settlements.filter((x) => x.channel === channel)) out.set(s.currency, (out.get(s.currency) ?? 0n) + roundToMinor(s.total!, s.currency));
  return out;
}

/** Parses a CSV produced by csvRow (quoted fields may hold commas). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter((l) => l !== '')) {
    const cells: string[] = [];
    const re = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line)) !== null) {
      cells.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!);
      if (re.lastIndex >= line.length) break;
    }
    rows.push(cells);
  }
  return rows;
}
const units = (text: string) => {
  const neg = text.startsWith('-');
  const [w, f = ''] = text.replace('-', '').split('.');
  const v = BigInt(w!) * 10_000n + BigInt(f.padEnd(4, '0'));
  return neg ? -v : v;
};

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect([csvField('plain'), csvField('a,b'), csvField('say "hi"'), csvField('two\nlines'), csvField(' padded')]).toEqual(['plain', '"a,b"', '"say ""hi"""', '"two\nlines"', '" padded"']);
  });
});

describe('hledger journal', () => {
  const journal = content('hledger', manualDocs)[0]!;

  it('passes hledger check, strict included', () => {
    const r = runTool('hledger', (f) => ['-f', f, 'check', '--strict'], journal, 'export.journal');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('the clearing account of each channel holds exactly the sum of its deposits', () => {
    for (const [channel, path] of [['AMAZON', 'Assets:Clearing:Amazon'], ['SHOPIFY', 'Assets:Clearing:Shopify']] as const) {
      for (const [currency, deposits] of depositsBy(channel)) {
        const r = runTool('hledger', (f) => ['-f', f, 'balance', `^${path}$`, `cur:${currency}`, '-N', '--flat'], journal, 'export.journal');
        const shown = r.stdout.trim().split(/\s+/)[0] ?? '0';
        expect(`${channel} ${currency} ${shown}`).toBe(`${channel} ${currency} ${deposits === 0n ? '0' : formatUnits(deposits, getMinorDigits(currency))}`);
      }
    }
  });

  it('fails the tool on a broken journal, so the check is real', () => {
    const broken = journal.replace(/^( {4}Income\S*\s+)-/m, '$1');
    expect(runTool('hledger', (f) => ['-f', f, 'check'], broken, 'broken.journal').status).not.toBe(0);
  });
});

describe('Beancount', () => {
  it('passes bean-check', () => {
    const r = runTool('bean-check', (f) => [f], content('beancount', manualDocs)[0]!, 'export.beancount');
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('cleans account names into valid Beancount components', () => {
    expect(beancountAccount('Income:Amazon Sales (EU)')).toBe('Income:AmazonSalesEU');
    expect(beancountAccount('Sales:ebay')).toBe('Assets:Sales:Ebay');
  });
});

describe('QuickBooks', () => {
  const qboDocs = post('QBO');

  it('every IIF block sums to zero and starts with a TRNS row', () => {
    const iif = content('iif', qboDocs)[0]!;
    const blocks = iif.split('ENDTRNS\r\n').slice(1).filter((b) => b.trim() !== '');
    expect(blocks.length).toBe(qboDocs.filter((d) => d.lines.some((l) => l.amount !== 0n)).length);
    for (const block of blocks) {
      const rows = block.trim().split('\r\n').map((r) => r.split('\t'));
      expect(rows[0]![0]).toBe('TRNS');
      expect(rows.reduce((a, r) => a + units(r[6]!), 0n)).toBe(0n);
    }
  });

  it('QBO journal-entry CSV rows balance per journal number and use US dates', () => {
    const rows = parseCsv(content('qbo-csv', qboDocs)[0]!);
    expect(rows[0]).toEqual(['Journal No.', 'Journal Date', 'Account Name', 'Description', 'Debits', 'Credits', 'Name']);
    const net = new Map<string, bigint>();
    for (const r of rows.slice(1)) net.set(r[0]!, (net.get(r[0]!) ?? 0n) + (r[4] ? units(r[4]) : 0n) - (r[5] ? units(r[5]) : 0n));
    expect([...net.values()].every((v) => v === 0n)).toBe(true);
    expect(rows[1]![1]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  });
});

describe('Xero', () => {
  const xeroDocs = post('XERO');

  it('manual-journal CSV amounts sum to zero per narration and files hold at most 300 lines', () => {
    const files = content('xero-journal-csv', xeroDocs, 'XERO');
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const rows = parseCsv(file).slice(1);
      expect(rows.length).toBeLessThanOrEqual(XERO_JOURNAL_LINES_PER_FILE);
      const net = new Map<string, bigint>();
      for (const r of rows) net.set(r[0]!, (net.get(r[0]!) ?? 0n) + units(r[5]!));
      expect([...net.values()].every((v) => v === 0n)).toBe(true);
      expect(rows.every((r) => r[4] === 'Tax Exempt')).toBe(true);
    }
  });

  it('sales-invoice CSV: invoice lines sum to the document total, negative settlements go to the bills file', () => {
    const s = makeSettlement([
      { type: 'Order|ItemPrice|Principal', amount: '10.00' },
      { type: 'ServiceFee|Cost of Advertising|TransactionTotalAmount', amount: '-50.00' },
    ]);
    const docs = [...post('XERO', [makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '25.50' }], { settlementId: '1' })]), ...post('XERO', [s])];
    const files = writeExport('xero-invoice-csv', docs);
    expect(files.map((f) => f.name)).toEqual(['xero-sales-invoices.csv', 'xero-bills.csv']);
    const invoiceRows = parseCsv(files[0]!.content).slice(1);
    const billRows = parseCsv(files[1]!.content).slice(1);
    expect(invoiceRows.map((r) => [r[10], r[18], r[20]])).toEqual([['AMZ-1', '25.50', 'AMZSALES']]);
    expect(billRows.map((r) => [r[10], r[17]])).toEqual([
      ['AMZ-7293436482', '-10.00'],
      ['AMZ-7293436482', '50.00'],
    ]);
  });
});

describe('Sage', () => {
  it('journal CSV rows balance per reference and respect the field limits', () => {
    const rows = parseCsv(content('sage-csv', post('SAGE'))[0]!);
    expect(rows[0]).toEqual(['Reference', 'Date', 'Description', 'Ledger Account Number', 'Details', 'Analysis Type 1', 'Debit', 'Credit']);
    const net = new Map<string, bigint>();
    for (const r of rows.slice(1)) {
      net.set(r[0]!, (net.get(r[0]!) ?? 0n) + (r[6] ? units(r[6]) : 0n) - (r[7] ? units(r[7]) : 0n));
      expect(r[0]!.length).toBeLessThanOrEqual(75);
      expect(r[3]).toMatch(/^\d+$/);
    }
    expect([...net.values()].every((v) => v === 0n)).toBe(true);
  });
});

describe('general journal CSV and JSON', () => {
  it('every journal in the general-journal CSV balances', () => {
    const rows = parseCsv(content('csv', manualDocs)[0]!).slice(1);
    const net = new Map<string, bigint>();
    for (const r of rows) net.set(r[0]!, (net.get(r[0]!) ?? 0n) + (r[7] ? units(r[7]) : 0n) - (r[8] ? units(r[8]) : 0n));
    expect([...net.values()].every((v) => v === 0n)).toBe(true);
  });

  it('JSON carries money as decimal strings', () => {
    const [first] = JSON.parse(content('json', manualDocs.slice(0, 1))[0]!) as { total: string; lines: { amount: string }[] }[];
    expect(typeof first!.total).toBe('string');
    expect(first!.lines.every((l) => /^-?\d+(\.\d+)?$/.test(l.amount))).toBe(true);
  });
});

const parseCsvCells = (text: string): string[] => {
  const rows: string[][] = parse(text, { relax_column_count: true });
  return rows.flat();
};

describe('formula injection', () => {
  it('every CSV writer and IIF escape text that would start a formula, and keep negative amounts plain numbers', () => {
    // Channel-supplied text (a settlement id, a description) is attacker-controlled; it reaches cells of its own or their start.
    const formula = '=HYPERLINK("http://evil.example","click")';
    const docs = post('XERO', settlements.slice(0, 12)).map((d) => ({ ...d, description: formula, number: `@${d.number}`.slice(0, 21) }));
    const formats = ['csv', 'qbo-csv', 'xero-journal-csv', 'xero-invoice-csv', 'sage-csv', 'iif'] as const;
    for (const format of formats) {
      const cells = content(format, docs, 'XERO').flatMap((text) =>
        format === 'iif' ? text.split('\r\n').flatMap((row) => row.split('\t')) : parseCsvCells(text),
      );
      const runnable = cells.filter((v) => /^[=+\-@\t\r]/.test(v) && !/^-\d+(\.\d+)?$/.test(v));
      expect({ format, runnable }).toEqual({ format, runnable: [] });
      expect({ format, escaped: cells.some((v) => v.startsWith("'=HYPERLINK") || v.startsWith("'@")) }).toEqual({ format, escaped: true });
    }
    // Signed amounts (Xero journal, IIF) stay numbers a spreadsheet adds up.
    for (const format of ['xero-journal-csv', 'iif'] as const) {
      expect({ format, negative: content(format, docs, 'XERO').join('').match(/(^|[,\t])-\d+\.\d+([,\t]|\r\n)/m) !== null }).toEqual({ format, negative: true });
    }
  });
});
