import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectSettlements } from '../../settlements/collect-settlements';
import { readAmazonSettlementFile } from './amazon-settlement-reader';
import { createAmazonV2Format } from './parse-amazon-v2';

// The raw-line fast path (readDetailLine) must give exactly what reading the split fields gives: the
// same lines, problems and settlements, for plain rows and for every kind of odd row it hands back.
const HEADER = [
  'settlement-id', 'settlement-start-date', 'settlement-end-date', 'deposit-date', 'total-amount', 'currency',
  'transaction-type', 'order-id', 'merchant-order-id', 'adjustment-id', 'shipment-id', 'marketplace-name',
  'amount-type', 'amount-description', 'amount', 'fulfillment-id', 'posted-date', 'posted-date-time',
  'order-item-code', 'merchant-order-item-id', 'merchant-adjustment-item-id', 'sku', 'quantity-purchased', 'promotion-id',
];
const summary = (id: string, total: string) => [id, '2026-10-01 07:00:00 UTC', '2026-10-15 07:00:00 UTC', '2026-10-17 07:00:00 UTC', total, 'USD', ...Array<string>(18).fill('')];
const TYPES = [['Order', 'ItemPrice', 'Principal'], ['Order', 'ItemFees', 'Commission'], ['Refund', 'ItemPrice', 'Tax'], ['other-transaction', 'other-transaction', 'Storage Fee']];

function detail(i: number): string[] {
  const [type, amountType, description] = TYPES[i % TYPES.length]!;
  const second = String(i % 60).padStart(2, '0');
  return [
    '5001', '', '', '', '', '', type!, `111-${1000000 + Math.floor(i / 5)}-2000000`, '', '', 'DRGC8lFbB', 'Amazon.com', amountType!, description!,
    `${i % 7 === 0 ? '-' : ''}${i % 300}.${String(i % 100).padStart(2, '0')}`, i % 2 ? 'AFN' : 'MFN', '2026-10-02',
    `2026-10-02 10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${second} UTC`, '30407746733299', '', '', `SKU-${i % 13}`, String(1 + (i % 3)), '',
  ];
}

const ODD: ((f: string[]) => string[] | string)[] = [
  (f) => f.with(14, '1,234.56'), (f) => f.with(14, ' 5.00'), (f) => f.with(14, ''), (f) => f.with(14, 'abc'), (f) => f.with(14, '5.123456'),
  (f) => f.with(17, '2026-02-30 10:00:00 UTC'), (f) => f.with(17, '2026-10-02T10:00:00+02:00'), (f) => f.with(17, ''), (f) => f.with(17, '').with(16, ''),
  (f) => f.with(17, ' '), (f) => f.with(22, ' 2'), (f) => f.with(22, '-1'), (f) => f.with(22, 'x'), (f) => f.with(22, ''),
  (f) => f.with(5, 'usd'), (f) => f.with(5, 'EUR'), (f) => f.with(5, 'USD'), (f) => f.with(0, ''), (f) => f.with(0, '5002'), (f) => f.with(0, ' 5001'),
  (f) => f.with(6, ' Order '), (f) => f.with(13, 'Principal '), (f) => f.with(7, '').with(8, 'M-77'), (f) => f.with(7, ''), (f) => f.with(11, 'Amazon.de'),
  (f) => f.with(11, ''), (f) => f.with(15, ''), (f) => f.with(21, ''), (f) => f.with(4, ' '), (f) => f.with(4, '12.00'),
  (f) => f.slice(0, 20), (f) => [...f, 'extra'], (f) => f.with(21, '"quoted\tsku"'), (f) => `${f.join('\t')}\r`,
];

let fastRows = 0;

async function read(text: string, isFast: boolean) {
  const format = createAmazonV2Format();
  const counted: typeof format = {
    ...format,
    readDetailLine: isFast ? (...args) => (format.readDetailLine!(...args) ? (fastRows++, true) : false) : undefined,
  };
  const sink = collectSettlements();
  const chunks = [new TextEncoder().encode(text)];
  await readAmazonSettlementFile(counted, { fileName: 'v2.txt', chunks }, sink);
  return sink.result();
}

describe('Amazon V2 raw-line fast path', () => {
  it('is taken for plain rows and gives what the split fields give', async () => {
    const rows = [HEADER, summary('5001', '1.00'), ...Array.from({ length: 800 }, (_, i) => detail(i))];
    const text = `${rows.map((r) => r.join('\t')).join('\n')}\n`;
    fastRows = 0;
    const fast = await read(text, true);
    expect(fastRows).toBe(800 - 499); // the first 500 rows after the header are read while sniffing the locale
    expect(fast).toEqual(await read(text, false));
    expect(fast.settlements[0]?.lines).toHaveLength(800);
  });

  it('hands every odd row back to the field reader, with the same result', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 520, max: 799 }), fc.integer({ min: 0, max: ODD.length - 1 })), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (mutations, isTerminated) => {
          const rows: (string[] | string)[] = [HEADER, summary('5001', '1.00'), ...Array.from({ length: 800 }, (_, i) => detail(i))];
          for (const [at, kind] of mutations) {
            const row = rows[at];
            // Odd things stack on a row, but none after the row was cut short (its columns are gone).
            if (Array.isArray(row) && row.length >= HEADER.length) rows[at] = ODD[kind]!(row);
          }
          rows.splice(700, 0, summary('5003', '2.00'), ...Array.from({ length: 5 }, (_, i) => detail(i).with(0, '5003')));
          const text = rows.map((r) => (Array.isArray(r) ? r.join('\t') : r)).join('\n') + (isTerminated ? '\n' : '');
          expect(await read(text, true)).toEqual(await read(text, false));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reports a cut-short last row read by the fast path machinery as truncated', async () => {
    const rows = [HEADER, summary('5001', '1.00'), ...Array.from({ length: 600 }, (_, i) => detail(i))];
    const text = `${rows.map((r) => r.join('\t')).join('\n')}\n${detail(600).slice(0, 15).join('\t')}`;
    const result = await read(text, true);
    expect(result.problems.map((p) => p.message)).toContain('Row 603 is cut short (15 of 24 columns): the file looks truncated.');
  });
});
