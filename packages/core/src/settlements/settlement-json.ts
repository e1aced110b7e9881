/**
 * The JSON shape of settlements for the CLI (`ledgerport parse --json`, issue 3): dates ISO 8601 in
 * UTC, amounts decimal strings with '.' and the currency's minor-unit digits ("-321.69", "1200" for
 * JPY; more digits only when an amount is finer than the minor unit, so no value is ever lost).
 * Beyond the documented keys it adds status, format, difference, reason and duplicateKey.
 */
import { formatMoney } from '../money/money';
import { checkSettlementConsistency, sumByType } from './collect-settlements';
import { duplicateKey } from './duplicate-key';
import type { Settlement } from './model';
import type { SettlementSummary } from './summarize-settlements';

export interface SettlementSummaryJson {
  channel: string;
  settlementId: string;
  marketplace: string | null;
  currency: string;
  startDate: string | null;
  endDate: string | null;
  depositDate: string | null;
  total: string | null;
  linesTotal: string;
  lineCount: number;
  consistent: boolean;
  byType: Record<string, string>;
  status: 'closed' | 'open';
  format: string;
  difference: string;
  reason: string | null;
  duplicateKey: string;
}

/** ISO 8601 UTC, without milliseconds when they are zero ('2018-05-03T09:10:07Z'). */
export function formatIsoUtc(epochMs: number | null): string | null {
  if (epochMs === null) return null;
  const iso = new Date(epochMs).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

export function summaryToJson(summary: SettlementSummary): SettlementSummaryJson {
  const { header, consistency } = summary;
  const fmt = (units: bigint) => formatMoney({ units, currency: header.currency });
  const byType: Record<string, string> = {};
  for (const key of [...summary.byType.keys()].sort()) byType[key] = fmt(summary.byType.get(key) ?? 0n);
  return {
    channel: header.channel,
    settlementId: header.settlementId,
    marketplace: header.marketplace,
    currency: header.currency,
    startDate: formatIsoUtc(header.startDate),
    endDate: formatIsoUtc(header.endDate),
    depositDate: formatIsoUtc(header.depositDate),
    total: header.total === null ? null : fmt(header.total),
    linesTotal: fmt(summary.linesTotal),
    lineCount: summary.lineCount,
    consistent: consistency.isConsistent,
    byType,
    status: header.status,
    format: header.format,
    difference: fmt(consistency.difference),
    reason: consistency.reason,
    duplicateKey: duplicateKey(header),
  };
}

/** The summary of a fully collected settlement (same figures as the summarizing sink gives). */
export function summarizeSettlement(settlement: Settlement): SettlementSummary {
  const { lines, ...header } = settlement;
  let linesTotal = 0n;
  for (const line of lines) linesTotal += line.amount;
  return {
    header,
    lineCount: lines.length,
    linesTotal,
    byType: sumByType(lines),
    consistency: checkSettlementConsistency(settlement),
  };
}
