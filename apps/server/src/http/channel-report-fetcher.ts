/**
 * How the settlements feature asks the channel connections (issue 7) for a settlement report again
 * (redownload). The channel connections feature provides the fetcher (buildApp's `fetchChannelReport`
 * option overrides it in tests).
 */
import type { ParseProblem, Settlement } from '@ledgerport/core/settlements';

export interface ChannelReportRequest {
  accountKey: string;
  /** The account's sales channel (AMAZON, SHOPIFY...). */
  salesChannel: string;
  /** The channel's report id stored with the settlement (source kind 'api'). */
  reportId: string;
}

/** The settlements of the report, or null when the account has no usable channel connection. */
export type ChannelReportFetcher = (request: ChannelReportRequest) => Promise<{ settlements: Settlement[]; problems: ParseProblem[] } | null>;
