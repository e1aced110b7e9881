/** A ChannelSession for tests: instant sleeps (recorded), saved tokens kept in memory. */
import type { ChannelSession, ChannelTokens, FetchLike } from '../channels/shared/channel-session';

export interface TestSession extends ChannelSession {
  sleeps: number[];
  savedTokens: ChannelTokens[];
}

export function createTestSession(o: {
  fetch: FetchLike;
  endpoints: Record<string, string>;
  app?: { clientId: string; clientSecret: string };
  tokens?: Partial<ChannelTokens>;
  params?: Record<string, string>;
  now?: () => number;
}): TestSession {
  const sleeps: number[] = [];
  const savedTokens: ChannelTokens[] = [];
  return {
    fetch: o.fetch,
    endpoints: o.endpoints,
    app: o.app ?? { clientId: 'client-id', clientSecret: 'client-secret' },
    credentials: { tokens: { accessToken: '', refreshToken: null, expiresAt: null, ...o.tokens }, params: o.params ?? {} },
    saveTokens: (t) => {
      savedTokens.push(t);
      return Promise.resolve();
    },
    now: o.now ?? Date.now,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    sleeps,
    savedTokens,
  };
}
