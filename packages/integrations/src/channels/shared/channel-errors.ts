/**
 * What can go wrong talking to a channel, as the connection screen shows it:
 * - ChannelAuthError: the channel refused our credentials even after a refresh (revoked, expired
 *   refresh token, app uninstalled). The connection gets 'Connection Error' and needs a reconnect.
 * - ChannelApiError: the channel answered with an error we cannot fix by retrying now
 *   ('Connection Problem'; the next scheduled fetch tries again).
 * - ReportNotReadyError: the channel is still generating the report; try again later, nothing is wrong.
 */
export class ChannelAuthError extends Error {
  override name = 'ChannelAuthError';
  constructor(
    readonly channel: string,
    message: string,
  ) {
    super(message);
  }
}

export class ChannelApiError extends Error {
  override name = 'ChannelApiError';
  constructor(
    readonly channel: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class ReportNotReadyError extends Error {
  override name = 'ReportNotReadyError';
  constructor(
    readonly channel: string,
    readonly reportId: string,
    message: string,
  ) {
    super(message);
  }
}
