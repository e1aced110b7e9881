import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import type { AccountingSystem, MappingSet } from '../mapping/model';
import { minorUnitSize } from '../money/money';
import type { Category } from '../settlements/model';
import { buildPostings } from './build-postings';
import type { GroupBy, PostingDocument } from './model';
import { applyPostingDiff, diffPostings, keyedLinesOf, type KeyedLine } from './posting-diff';
import { describeTestType, makeSettlement, settlementArbitrary, TEST_TYPES } from './test-support/settlement-arbitraries';

const systems: AccountingSystem[] = ['QBO', 'XERO', 'SAGE', 'NETSUITE', 'MANUAL'];
const categories = [...new Set(Object.values(TEST_TYPES))];

/** The default mappings with some categories of Amazon moved to other income or expense accounts, or another tax rate. */
function remapped(system: AccountingSystem, moves: { category: Category; accountPick: number; taxPick: number }[]): MappingSet {
  const m = defaultMappings(system);
  const targets = m.chart.accounts.filter((a) => (a.kind === 'income' || a.kind === 'expense') && !a.role);
  const amazon = { ...m.categories.AMAZON };
  for (const move of moves) {
    const account = targets[move.accountPick % targets.length]!;
    const rate = m.chart.taxRates[move.taxPick % m.chart.taxRates.length]!;
    amazon[move.category] = { accountCode: account.code, taxRateCode: rate.code };
  }
  return { ...m, version: m.version + 1, categories: { ...m.categories, AMAZON: amazon } };
}

const movesArb = fc.array(fc.record({ category: fc.constantFrom(...categories), accountPick: fc.nat(), taxPick: fc.nat() }), { maxLength: 4 });
const sideSettingsArb = fc.record({ moves: movesArb, groupBy: fc.constantFrom<GroupBy>('type', 'sku'), isSplitByMonth: fc.boolean() });
const caseArb = fc.record({
  system: fc.constantFrom(...systems),
  settlement: settlementArbitrary({ maxLines: 20 }),
  before: sideSettingsArb,
  after: sideSettingsArb,
  dropLines: fc.nat({ max: 3 }),
});

function post(c: { system: AccountingSystem }, settlement: Parameters<typeof buildPostings>[0], side: { moves: { category: Category; accountPick: number; taxPick: number }[]; groupBy: GroupBy; isSplitByMonth: boolean }): PostingDocument[] {
  return buildPostings(settlement, remapped(c.system, side.moves), { groupBy: side.groupBy, isSplitByMonth: side.isSplitByMonth, describeType: describeTestType }).documents;
}

const canonical = (lines: KeyedLine[]) => lines.map((l) => `${l.partIndex}|${l.lineKey}|${l.side.accountCode}|${l.side.taxRateCode}|${l.side.amount}|${l.side.tracking}`).sort();

function netsOf(documents: PostingDocument[]): Map<string, bigint> {
  const nets = new Map<string, bigint>();
  for (const d of documents) for (const l of d.lines) nets.set(`${d.currency}|${l.account.code}`, (nets.get(`${d.currency}|${l.account.code}`) ?? 0n) + (l.side === 'debit' ? l.amount : -l.amount));
  return nets;
}

describe('diffPostings on documents built before and after a change of mappings, grouping, split or lines', () => {
  it('applying the diff to the lines before gives the lines after', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const before = post(c, c.settlement.settlement, c.before);
        const changed = { ...c.settlement.settlement, lines: c.settlement.settlement.lines.slice(c.dropLines) };
        const after = post(c, changed.lines.length > 0 ? changed : c.settlement.settlement, c.after);
        const diff = diffPostings(before, after);
        expect(canonical(applyPostingDiff(keyedLinesOf(before), diff))).toEqual(canonical(keyedLinesOf(after)));
      }),
      { numRuns: 400 },
    );
  });

  it("each side's net per account is the sum of its documents' lines, both sides balance, and what moves in equals what moves out", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const before = post(c, c.settlement.settlement, c.before);
        const after = post(c, c.settlement.settlement, c.after);
        const diff = diffPostings(before, after);
        const beforeNets = netsOf(before);
        const afterNets = netsOf(after);
        for (const n of diff.accountNets) {
          expect(n.before).toBe(beforeNets.get(`${n.currency}|${n.accountCode}`) ?? 0n);
          expect(n.after).toBe(afterNets.get(`${n.currency}|${n.accountCode}`) ?? 0n);
          expect(n.change).toBe(n.after - n.before);
          expect(n.change % minorUnitSize(n.currency)).toBe(0n);
        }
        expect(new Set(diff.accountNets.map((n) => `${n.currency}|${n.accountCode}`))).toEqual(new Set([...beforeNets.keys(), ...afterNets.keys()]));
        expect(diff.accountNets.reduce((a, n) => a + n.before, 0n)).toBe(0n);
        expect(diff.accountNets.reduce((a, n) => a + n.after, 0n)).toBe(0n);
        const decreases = diff.accountNets.reduce((a, n) => (n.change < 0n ? a - n.change : a), 0n);
        expect(diff.moved.reduce((a, m) => a + m.amount, 0n)).toBe(decreases);
        expect(diff.hasChanges).toBe(diff.documents.length > 0);
      }),
      { numRuns: 400 },
    );
  });

  it('documents against themselves change nothing', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const docs = post(c, c.settlement.settlement, c.before);
        const again = post(c, c.settlement.settlement, c.before);
        const diff = diffPostings(docs, again);
        expect(diff).toMatchObject({ hasChanges: false, documents: [], moved: [] });
        expect(diff.accountNets.every((n) => n.change === 0n)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('diffPostings on one mapping change', () => {
  it('shows the sales line moving from the sales account to the chosen one with its amount, and nothing else', () => {
    const settlement = makeSettlement(
      [
        { type: 'Order|ItemPrice|Principal', amount: '49.99' },
        { type: 'Order|ItemFees|Commission', amount: '-7.50' },
      ],
      { total: '42.49' },
    );
    const before = buildPostings(settlement, defaultMappings('MANUAL'), { describeType: describeTestType }).documents;
    const fees = before[0]!.lines.find((l) => l.description.includes('Commission') || l.amount === 75_000n)!.account;
    const moved = remapped('MANUAL', []);
    moved.categories.AMAZON = { ...moved.categories.AMAZON, sales: { accountCode: fees.code, taxRateCode: moved.categories.AMAZON!.sales!.taxRateCode } };
    const after = buildPostings(settlement, moved, { describeType: describeTestType }).documents;
    const diff = diffPostings(before, after);
    expect(diff.documents).toHaveLength(1);
    expect(diff.documents[0]!.lines).toHaveLength(1);
    const line = diff.documents[0]!.lines[0]!;
    expect(line.before).toMatchObject({ amount: -499_900n });
    expect(line.after).toMatchObject({ accountCode: fees.code, amount: -499_900n });
    expect(line.before!.accountCode).not.toBe(fees.code);
    expect(diff.moved).toEqual([{ currency: 'USD', amount: 499_900n }]);
    expect(diff.accountNets.find((n) => n.accountCode === fees.code)).toMatchObject({ before: 75_000n, after: 75_000n - 499_900n });
  });

  it('a part posted but no longer built is a document removed with all its lines', () => {
    const settlement = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '10.00', at: '2026-05-30T12:00:00' }, { type: 'Order|ItemPrice|Principal', amount: '5.00', at: '2026-06-02T12:00:00' }], { total: '15.00' });
    const split = buildPostings(settlement, defaultMappings('QBO'), { describeType: describeTestType }).documents;
    const whole = buildPostings(settlement, defaultMappings('QBO'), { describeType: describeTestType, isSplitByMonth: false }).documents;
    expect(split).toHaveLength(2);
    const diff = diffPostings(split, whole);
    const removed = diff.documents.find((d) => d.after === null)!;
    expect(removed.partIndex).toBe(2);
    expect(removed.lines.every((l) => l.after === null)).toBe(true);
    expect(canonical(applyPostingDiff(keyedLinesOf(split), diff))).toEqual(canonical(keyedLinesOf(whole)));
  });
});
