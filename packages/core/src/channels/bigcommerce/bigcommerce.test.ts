import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithCatalog } from '../../settlements/transaction-type-catalog';
import { fuzzParser } from '../grouping/test-support/fuzz-report';
import { brokenRulesOfFile, fuzzCaseFiles, readGolden, runParser } from '../grouping/test-support/run-parser';
import { braintreeSettlementParser } from './parse-braintree-settlement';
import { bigcommerceTransactionTypes } from './transaction-types';

const dir = new URL('./__fixtures__/', import.meta.url).pathname;
const NAME = 'settlement_batch_summary_2026_03.csv';
const fixture = (): Uint8Array => readFileSync(dir + NAME);
const edit = (f: (t: string) => string): Uint8Array => new TextEncoder().encode(f(new TextDecoder().decode(fixture())));

describe('Braintree settlement batch summary (BigCommerce)', () => {
  it('matches the golden file', async () => {
    const { actual, expected } = await readGolden(braintreeSettlementParser, dir + NAME);
    expect(actual).toEqual(expected);
  });

  it('gives one payout per date and merchant account, PayPal-settled rows apart, credits negative', async () => {
    const { settlements, problems } = await runParser(braintreeSettlementParser, fixture(), NAME);
    expect(problems).toEqual([]);
    expect(settlements.map((s) => [s.settlementId, s.currency, s.total])).toEqual([
      ['2026-03-02_acmestore_USD', 'USD', 19_992_500n],
      ['2026-03-02_acmestore_USD_PayPal', 'USD', 2_201_000n],
      ['2026-03-03_acmestore_USD', 'USD', 4_550_000n],
      ['2026-03-03_acmestore_EUR', 'EUR', 1_999_600n],
    ]);
  });

  it('reports a non-numeric amount and leaves its payout incomplete', async () => {
    const { problems, invalidIds } = await runParser(braintreeSettlementParser, edit((t) => t.replace('534.25', '5x4.25')), NAME);
    expect(problems.map((p) => [p.row, p.column])).toEqual([[3, 'Amount Settled']]);
    expect([...invalidIds]).toEqual(['2026-03-02_acmestore_USD']);
  });

  it('refuses a file without its currency column, naming it', async () => {
    const { problems } = await runParser(braintreeSettlementParser, edit((t) => t.replace(',Currency ISO Code', '')), NAME);
    expect(problems[0]?.message).toContain("lacks 'Currency ISO Code'");
  });

  it('labels sales and credits', () => {
    expect(describeWithCatalog(bigcommerceTransactionTypes, 'credit')).toMatchObject({ label: 'BigCommerce Refunds (Braintree)', category: 'refunds', known: true });
  });
});

describe('Braintree parser under random damage', () => {
  it.each(fuzzCaseFiles(dir))('keeps the rules on the once-breaking case %s', async (path) => {
    expect(await brokenRulesOfFile(braintreeSettlementParser, path)).toEqual([]);
  });

  it('never throws and always names file, row and column', async () => {
    await fuzzParser(braintreeSettlementParser, [{ name: NAME, bytes: fixture() }], 400);
  });
});
