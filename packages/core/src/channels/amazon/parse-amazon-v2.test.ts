import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarizeSettlements } from '../../settlements/summarize-settlements';
import { parseReport, parseReportInto } from '../index';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const bytes = (text: string) => new TextEncoder().encode(text);
// ../shared beside the checkout (CI clones main with shared/ beside it).
const realSample = new URL('../../../../../../shared/samples/amazon/BlockchainDeveloper009__write_csv_example1.extracted_de_v2.txt', import.meta.url).pathname;
const HEADER = fixture('jp-v2.txt').split('\n')[0]!;
const SUMMARY = '7001\t2026-10-01 00:00:00 UTC\t2026-10-15 00:00:00 UTC\t2026-10-17 00:00:00 UTC\t10.00\tUSD' + '\t'.repeat(17);
const detail = (amount: string, posted = '2026-10-02 10:00:00 UTC', currency = '') =>
  `7001\t\t\t\t\t${currency}\tOrder\t111-1\t\t\t\tAmazon.com\tItemPrice\tPrincipal\t${amount}\tAFN\t2026-10-02\t${posted}\t\t\t\tSKU\t1`;
const file = (...rows: string[]) => bytes(`${[HEADER, SUMMARY, ...rows].join('\n')}\n`);

describe('Amazon Flat File V2', () => {
  it('reads the real Amazon.de sample: German dates, decimal comma, and it reconciles to 53.44 EUR', async () => {
    const result = await parseReport(readFileSync(realSample), { fileName: 'de.txt' });
    expect(result.problems).toEqual([]);
    const [s] = result.settlements;
    expect(s?.total).toBe(534_400n);
    expect(s?.lines.reduce((a, l) => a + l.amount, 0n)).toBe(534_400n);
    expect(s?.startDate).toBe(Date.UTC(2018, 4, 3, 9, 10, 7));
    expect(s?.lines[2]).toMatchObject({ typeKey: 'Refund|ItemPrice|Principal', amount: -1_099_900n, orderId: '305-1251749-5602732', fulfilmentChannel: 'AFN', source: { row: 5 } });
  });

  it('gives the same figures whatever the chunk size (1 byte chunks)', async () => {
    const data = bytes(fixture('us-v2-promotion-reserve.txt'));
    const whole = await parseReport(data, { fileName: 'us.txt' });
    const chunks = Array.from(data, (b) => Uint8Array.of(b));
    const split = await parseReport({ fileName: 'us.txt', chunks });
    expect(split).toEqual(whole);
  });

  it('reads day-first slash dates when a day above 12 shows the order', async () => {
    const result = await parseReport(bytes(fixture('uk-v2-excerpt.txt')), { fileName: 'uk.txt' });
    expect(result.settlements[0]?.lines[0]?.postedAt).toBe(Date.UTC(2026, 8, 29, 9, 30, 0));
  });

  it('streams into the summarizing sink without keeping lines', async () => {
    const sink = summarizeSettlements();
    await parseReportInto(bytes(fixture('us-v2-promotion-reserve.txt')), sink, { fileName: 'us.txt' });
    const [s] = sink.result().settlements;
    expect(s?.lineCount).toBe(9);
    expect(s?.byType.get('other-transaction|other-transaction|Current Reserve Amount')).toBe(-1_177_500n);
    expect(s?.consistency.isConsistent).toBe(true);
  });
});

describe('Amazon V2 bad input: a problem naming file, row and column, no partial settlement', () => {
  it('rejects a non-numeric amount in its row and column', async () => {
    const result = await parseReport(file(detail('12,x0')), { fileName: 'bad.txt' });
    expect(result.settlements).toEqual([]);
    expect(result.problems).toEqual([{ file: 'bad.txt', row: 3, column: 'amount', message: "Row 3 has amount '12,x0', which is not a number." }]);
  });

  it('rejects an impossible date', async () => {
    const result = await parseReport(file(detail('10.00', '2026-02-30 10:00:00 UTC')), { fileName: 'bad.txt' });
    expect(result.settlements).toEqual([]);
    expect(result.problems[0]).toMatchObject({ row: 3, column: 'posted-date-time' });
  });

  it('rejects mixed currencies in one settlement', async () => {
    const result = await parseReport(file(detail('10.00', undefined, 'EUR')), { fileName: 'bad.txt' });
    expect(result.settlements).toEqual([]);
    expect(result.problems[0]).toMatchObject({ row: 3, column: 'currency' });
    expect(result.problems[0]?.message).toContain('mixed currencies');
  });

  it('reports a file cut in the middle of its last row as truncated', async () => {
    const text = `${[HEADER, SUMMARY, detail('4.00'), detail('6.00')].join('\n')}`;
    const result = await parseReport(bytes(text.slice(0, text.length - 40)), { fileName: 'cut.txt' });
    expect(result.settlements).toEqual([]);
    expect(result.problems.at(-1)?.message).toMatch(/row 4 is cut short .* truncated/i);
  });

  it('reports an empty file', async () => {
    const result = await parseReport(new Uint8Array(0), { fileName: 'empty.txt' });
    expect(result.problems).toEqual([{ file: 'empty.txt', row: 0, column: null, message: 'The file empty.txt is empty.' }]);
  });

  it('reports a binary file', async () => {
    const result = await parseReport(Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0, 0, 8, 0, 0x21]), { fileName: 'x.zip' });
    expect(result.problems[0]?.message).toContain('not a text report');
  });

  it('names the formats tried when the header is from another report', async () => {
    const result = await parseReport(bytes('Date,Time,Name,Gross\n1/2/2026,10:00,A,1.00\n'), { fileName: 'other.csv' });
    expect(result.problems[0]?.message).toContain('Amazon settlement report (Flat File V2)');
  });

  it('names the missing columns when forced to read another report as Amazon', async () => {
    const result = await parseReport(bytes('Date,Time,Name,Gross\n1/2/2026,10:00,A,1.00\n'), { fileName: 'other.csv', channel: 'AMAZON' });
    expect(result.problems[0]).toMatchObject({ file: 'other.csv', row: 1 });
    expect(result.problems[0]?.message).toContain('lacks settlement-id');
  });

  it('reads a V2 file re-saved with commas instead of tabs', async () => {
    const text = fixture('jp-v2.txt').replaceAll('\t', ',');
    const result = await parseReport(bytes(text), { fileName: 'jp.csv' });
    expect(result.problems).toEqual([]);
    expect(result.settlements[0]?.total).toBe(11_000_000n);
  });

  it('reports detail rows without a summary row', async () => {
    const result = await parseReport(bytes(`${HEADER}\n${detail('1.00')}\n`), { fileName: 'nosummary.txt' });
    expect(result.settlements).toEqual([]);
    expect(result.problems[0]?.message).toContain('no summary row');
  });
});
