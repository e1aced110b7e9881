/** Core's analysis groups as the contract's result rows: decimal strings per chosen measure. */
import type { ClarityResult } from '@ledgerport/contract';
import {
  runClarityAnalysis,
  type ClarityDimension,
  type ClarityMeasure,
  type ClarityTotalsRow,
} from '@ledgerport/core/clarity';
import { formatUnits } from '@ledgerport/core/money';

/** Basis points as a percent with two decimals: 1234n -> '12.34', -5n -> '-0.05'. */
export function formatPercent(bp: bigint): string {
  const abs = bp < 0n ? -bp : bp;
  return `${bp < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export function buildClarityResult(
  organizationId: string,
  accountCount: number,
  rows: readonly ClarityTotalsRow[],
  definition: {
    measures: readonly ClarityMeasure[];
    dimensions: readonly ClarityDimension[];
    start: string;
    end: string;
  },
): ClarityResult {
  const groups = runClarityAnalysis(rows, definition.dimensions);
  return {
    organizationId,
    start: definition.start,
    end: definition.end,
    accountCount,
    rows: groups.map((g) => ({
      currency: g.currency,
      keys: g.keys,
      values: Object.fromEntries(
        definition.measures.map((m) => [
          m,
          m === 'margin'
            ? g.marginBasisPoints === null
              ? null
              : formatPercent(g.marginBasisPoints)
            : formatUnits(g.figures[m]),
        ]),
      ),
    })),
  };
}
