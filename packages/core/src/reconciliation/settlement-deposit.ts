/** The deposit a parsed settlement announces, for matchDeposits; open settlements announce none. */
import type { SettlementHeader } from '../settlements/model';
import type { SettlementDeposit } from './model';

export function settlementDepositOf(header: SettlementHeader, settlementKey: string = header.settlementId): SettlementDeposit | undefined {
  if (header.total === null || header.status !== 'closed') return undefined;
  const end = header.endDate ?? header.depositDate;
  if (end === null) return undefined;
  return {
    settlementKey,
    settlementId: header.settlementId,
    currency: header.currency,
    amount: header.total,
    endDate: new Date(end).toISOString().slice(0, 10),
    depositDate: header.depositDate === null ? null : new Date(header.depositDate).toISOString().slice(0, 10),
  };
}
