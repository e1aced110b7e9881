/** The OAuth token set of one accounting connection, replaced whole on every refresh. */
export interface VendorTokenSet {
  accessToken: string;
  /** Null when the system issues none (NetSuite client credentials). */
  refreshToken: string | null;
  /** ISO instants. */
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string | null;
}

/** Refresh this long before the access token expires, so a call never starts with a dying token. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export function isAccessTokenDue(tokens: VendorTokenSet, now: Date): boolean {
  return Date.parse(tokens.accessTokenExpiresAt) - REFRESH_MARGIN_MS <= now.getTime();
}
