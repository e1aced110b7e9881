/**
 * Redownload (settlements backend's POST settlement?action=redownload): asks the account's channel
 * for one settlement again by the report id stored with it (our connectors store the channel's
 * settlement id there). Null when the account has no usable channel connection.
 */
import type { ParseProblem, Settlement } from '@ledgerport/core/settlements';
import type { Deps } from '../../http/deps';
import { findAccountChannelConnection } from './channel-connection-repository';
import { getConnector, openSession } from './channel-runtime';
import { stateOfConnectionRow } from '../accounts/connection-states';

/** The shape of the settlements backend's ChannelReportFetcher (features/imports/channel-report-fetcher.ts). */
export type ChannelReportFetch = (request: { accountKey: string; salesChannel: string; reportId: string }) => Promise<{ settlements: Settlement[]; problems: ParseProblem[] } | null>;

export function createChannelReportFetcher(getDeps: () => Deps): ChannelReportFetch {
  return async ({ accountKey, salesChannel, reportId }) => {
    const deps = getDeps();
    const row = await findAccountChannelConnection(deps.db, accountKey);
    if (!row || row.system !== salesChannel || !stateOfConnectionRow(row, deps.clock()).isUsable) return null;
    const result = await getConnector(row.system).fetchSettlement(openSession(deps, deps.db, row), reportId);
    return { settlements: result.settlements, problems: result.problems };
  };
}
