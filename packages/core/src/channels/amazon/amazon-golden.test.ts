import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../../money/money';
import { checkSettlementConsistency } from '../../settlements/collect-settlements';
import type { Settlement } from '../../settlements/model';
import { formatIsoUtc } from '../../settlements/settlement-json';
import { parseReport } from '../index';

const dir = new URL('./__fixtures__/', import.meta.url);
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.txt'));

/** The normalized form kept beside each fixture: every field, amounts as exact decimal strings. */
function normalize(s: Settlement) {
  const consistency = checkSettlementConsistency(s);
  return {
    ...s,
    startDate: formatIsoUtc(s.startDate),
    endDate: formatIsoUtc(s.endDate),
    depositDate: formatIsoUtc(s.depositDate),
    total: s.total === null ? null : formatUnits(s.total),
    consistency: { ...consistency, difference: formatUnits(consistency.difference) },
    lines: s.lines.map((l) => ({ ...l, postedAt: formatIsoUtc(l.postedAt), amount: formatUnits(l.amount) })),
  };
}

describe('Amazon golden files: each fixture parses to the normalized JSON beside it', () => {
  for (const name of fixtures) {
    it(name, async () => {
      const result = await parseReport(readFileSync(new URL(name, dir)), { fileName: name });
      const actual = { settlements: result.settlements.map(normalize), problems: result.problems };
      const expectedUrl = new URL(name.replace(/\.txt$/, '.expected.json'), dir);
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(expectedUrl)) writeFileSync(expectedUrl, `${JSON.stringify(actual, null, 2)}\n`);
      expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(readFileSync(expectedUrl, 'utf8')));
    });
  }
});
