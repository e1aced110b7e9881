/**
 * Channel settings read from the environment handed over by config.ts (the only reader of process.env):
 * - LEDGERPORT_<CHANNEL>_<NAME>_URL overrides a base URL of DEFAULT_CHANNEL_ENDPOINTS
 *   (e.g. LEDGERPORT_AMAZON_API_URL, LEDGERPORT_AMAZON_TOKEN_URL, LEDGERPORT_SHOPIFY_SHOP_URL); a regional
 *   name carries its region after _URL (Amazon's api_eu: LEDGERPORT_AMAZON_API_URL_EU, api_fe: _URL_FE);
 * - LEDGERPORT_<CHANNEL>_CLIENT_ID / _CLIENT_SECRET: our app's credentials at the channel;
 * - LEDGERPORT_CHANNEL_FETCH_INTERVAL_MINUTES (default 60): how often each connection is fetched;
 * - LEDGERPORT_CHANNEL_LOOKBACK_DAYS (default 60): how far back the first fetch after connecting looks.
 */
import { CHANNELS, type Channel } from '@ledgerport/core/settlements';
import { DEFAULT_CHANNEL_ENDPOINTS } from '@ledgerport/integrations/channels';

export interface ChannelConfig {
  endpoints: Record<Channel, Record<string, string>>;
  apps: Record<Channel, { clientId: string; clientSecret: string }>;
  fetchIntervalMinutes: number;
  lookbackDays: number;
}

/** `api` → LEDGERPORT_AMAZON_API_URL; the regional `api_eu` → LEDGERPORT_AMAZON_API_URL_EU. */
export function endpointVariable(channel: string, name: string): string {
  const [base, region] = name.split('_');
  return `LEDGERPORT_${channel}_${base!.toUpperCase()}_URL${region ? `_${region.toUpperCase()}` : ''}`;
}

function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  if (!text) return fallback;
  const n = Number.parseInt(text, 10);
  if (!Number.isInteger(n) || n < 0 || String(n) !== text.trim()) throw new Error(`${name} must be a whole number, got "${text}".`);
  return n;
}

export function loadChannelConfig(env: NodeJS.ProcessEnv): ChannelConfig {
  const endpoints = {} as ChannelConfig['endpoints'];
  const apps = {} as ChannelConfig['apps'];
  for (const channel of CHANNELS) {
    endpoints[channel] = { ...DEFAULT_CHANNEL_ENDPOINTS[channel] };
    for (const name of Object.keys(endpoints[channel])) {
      const variable = endpointVariable(channel, name);
      const override = env[variable];
      if (override) {
        if (!/^https?:\/\//.test(override)) throw new Error(`${variable} must start with http:// or https://, got "${override}".`);
        endpoints[channel][name] = override.replace(/\/$/, '');
      }
    }
    apps[channel] = { clientId: env[`LEDGERPORT_${channel}_CLIENT_ID`] ?? '', clientSecret: env[`LEDGERPORT_${channel}_CLIENT_SECRET`] ?? '' };
  }
  return {
    endpoints,
    apps,
    fetchIntervalMinutes: wholeNumber('LEDGERPORT_CHANNEL_FETCH_INTERVAL_MINUTES', env.LEDGERPORT_CHANNEL_FETCH_INTERVAL_MINUTES, 60),
    lookbackDays: wholeNumber('LEDGERPORT_CHANNEL_LOOKBACK_DAYS', env.LEDGERPORT_CHANNEL_LOOKBACK_DAYS, 60),
  };
}
