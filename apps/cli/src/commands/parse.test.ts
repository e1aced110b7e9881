import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCommand } from './parse';

const SAMPLE = fileURLToPath(new URL('../../../../../shared/samples/amazon/BlockchainDeveloper009__write_csv_example1.extracted_de_v2.txt', import.meta.url));

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await parseCommand.run(args, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('ledgerport parse', () => {
  it('prints the documented JSON shape for the real Amazon sample and exits 0', async () => {
    const { status, out } = await run([SAMPLE, '--json']);
    expect(status).toBe(0);
    const json = JSON.parse(out) as { settlements: Record<string, unknown>[]; problems: unknown[] };
    expect(json.problems).toEqual([]);
    expect(json.settlements[0]).toMatchObject({
      channel: 'AMAZON', settlementId: '7293436482', marketplace: 'Amazon.de', currency: 'EUR',
      startDate: '2018-05-03T09:10:07Z', endDate: '2018-05-04T20:30:23Z', depositDate: '2018-05-06T20:30:23Z',
      total: '53.44', linesTotal: '53.44', lineCount: 5, consistent: true,
      byType: { 'Order|ItemPrice|Principal': '179.99', 'Order|ItemFees|Commission': '-32.40', 'Refund|ItemPrice|Principal': '-109.99', 'Refund|ItemFees|Commission': '19.80', 'Refund|ItemFees|RefundCommission': '-3.96' },
    });
  });

  it('prints a readable table without --json', async () => {
    const { status, out } = await run([SAMPLE]);
    expect(status).toBe(0);
    expect(out).toContain('AMAZON settlement 7293436482');
    expect(out).toMatch(/Order\|ItemPrice\|Principal\s+179\.99/);
  });

  it('exits 1 with a located problem when a file cannot be read as a report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerport-parse-'));
    const file = join(dir, 'bad.txt');
    writeFileSync(file, 'not,a,report\n1,2,3\n');
    const { status, out } = await run([file, '--json']);
    expect(status).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ settlements: [], problems: [{ file, row: 0, column: null }] });
  });

  it('lists a settlement loaded twice once, with a problem', async () => {
    const { status, out } = await run([SAMPLE, SAMPLE, '--json']);
    const json = JSON.parse(out) as { settlements: unknown[]; problems: { message: string }[] };
    expect(status).toBe(1);
    expect(json.settlements).toHaveLength(1);
    expect(json.problems[0]?.message).toContain('loaded twice');
  });

  it('exits 2 on a usage error', async () => {
    expect((await run([])).status).toBe(2);
    expect((await run([SAMPLE, '--channel', 'ebayy'])).status).toBe(2);
    expect((await run([SAMPLE, '--bogus'])).status).toBe(2);
  });

  it('reports a missing file as a problem', async () => {
    const { status, out } = await run(['/nonexistent/file.txt', '--json']);
    expect(status).toBe(1);
    expect(out).toContain('cannot be read');
  });
});
