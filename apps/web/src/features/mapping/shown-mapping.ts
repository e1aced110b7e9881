/**
 * What both mapping screens (/mapping and /mapping-opt) show for a type before anyone edits it: its
 * saved account and tax rate, or, for a new type nothing maps yet, its category's account offered by
 * the server (a new fee: the fees account). The offer is not a mapping until saved: one save confirms it.
 */
import type { MappingRow } from '@ledgerport/contract';

/** A new type nothing maps yet, its category's account offered: one save confirms it (issue 28). */
export const isPrefilled = (r: MappingRow) => r.isUnmapped && r.suggestedAccountCode !== null && r.suggestedTaxRateCode !== null;

export function shownMapping(r: MappingRow): { accountCode: string | null; taxRateCode: string | null } {
  return isPrefilled(r) ? { accountCode: r.suggestedAccountCode, taxRateCode: r.suggestedTaxRateCode } : { accountCode: r.accountCode, taxRateCode: r.taxRateCode };
}
