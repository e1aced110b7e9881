import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnitSize } from '../../money/money';
import type { Settlement, SettlementLine } from '../../settlements/model';
import { summarizeSettlements } from '../../settlements/summarize-settlements';
import { parseReport, parseReportInto } from '../index';
import { AMAZON_LOCALES, type AmazonLocale } from './amazon-locale';
import { writeAmazonV2 } from './write-amazon-v2';

const TYPE_KEYS = ['Order|ItemPrice|Principal', 'Order|ItemFees|Commission', 'Refund|ItemPrice|Principal', 'other-transaction|other-transaction|Current Reserve Amount', 'ServiceFee|Cost of Advertising|TransactionTotalAmount', 'Order|ItemFees|SomethingNew'];
const text = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
const second = fc.integer({ min: Date.UTC(2015, 0, 1) / 1000, max: Date.UTC(2030, 0, 1) / 1000 }).map((s) => s * 1000);

const settlementArb = fc.constantFrom(...Object.values(AMAZON_LOCALES)).chain((locale) => {
  const step = minorUnitSize(locale.currency);
  const line = fc.record({
    postedAt: second,
    typeKey: fc.constantFrom(...TYPE_KEYS),
    orderId: fc.option(text, { nil: null }),
    sku: fc.option(text, { nil: null }),
    quantity: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
    marketplace: fc.constant(locale.marketplace),
    fulfilmentChannel: fc.option(fc.constantFrom('AFN', 'MFN'), { nil: null }),
    amount: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }).map((n) => n * step),
  });
  return fc.record({
    locale: fc.constant(locale),
    hasPromotionId: fc.boolean(),
    start: second,
    lines: fc.array(line, { minLength: 1, maxLength: 30 }),
    id: fc.stringMatching(/^[0-9]{1,20}$/),
  });
});

interface Generated {
  locale: AmazonLocale;
  start: number;
  lines: Omit<SettlementLine, 'source'>[];
  id: string;
}

function build(g: Generated): Settlement {
  const file = 'generated.txt';
  const lines = g.lines.map((l, i) => ({ ...l, source: { file, row: i + 3 } }));
  return {
    channel: 'AMAZON', settlementId: g.id, format: 'amazon-v2', marketplace: g.locale.marketplace, currency: g.locale.currency,
    startDate: g.start, endDate: g.start + 86_400_000 * 14, depositDate: g.start + 86_400_000 * 16,
    total: lines.reduce((a, l) => a + l.amount, 0n), status: 'closed', sellerId: null, sourceFile: file, lines,
  };
}

describe('Amazon V2 writer and parser', () => {
  it('any generated settlement, in any marketplace layout, round-trips unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(settlementArb, async (g) => {
        const settlement = build(g);
        const written = writeAmazonV2(settlement, { locale: g.locale, hasPromotionId: g.hasPromotionId });
        const result = await parseReport(new TextEncoder().encode(written), { fileName: 'generated.txt' });
        expect(result.problems).toEqual([]);
        expect(result.settlements).toEqual([settlement]);
      }),
      { numRuns: 300 },
    );
  });

  it('the lines always sum to the reported linesTotal and the type sums to it too', async () => {
    await fc.assert(
      fc.asyncProperty(settlementArb, async (g) => {
        const settlement = build(g);
        const sink = summarizeSettlements();
        await parseReportInto(new TextEncoder().encode(writeAmazonV2(settlement, { locale: g.locale, hasPromotionId: g.hasPromotionId })), sink);
        const [s] = sink.result().settlements;
        expect(s?.linesTotal).toBe(settlement.lines.reduce((a, l) => a + l.amount, 0n));
        expect([...(s?.byType.values() ?? [])].reduce((a, b) => a + b, 0n)).toBe(s?.linesTotal);
        expect(s?.consistency.isConsistent).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
