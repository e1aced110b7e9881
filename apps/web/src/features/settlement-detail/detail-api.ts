/** The settlement detail calls: the detail itself and the drill-down to source lines. */
import type { LineSelector, ResponseOf, SettlementDetail, listSettlementLines } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export type SettlementLinesPage = ResponseOf<typeof listSettlementLines>;

export function fetchSettlementDetail(settlementKey: string): Promise<SettlementDetail> {
  return api.get<SettlementDetail>('/settlement/detail', { settlementKey });
}

export function fetchSettlementLines(settlementKey: string, selector: LineSelector, page: number, size: number): Promise<SettlementLinesPage> {
  return api.get<SettlementLinesPage>('/settlement/lines', { settlementKey, page, size, ...selector });
}
