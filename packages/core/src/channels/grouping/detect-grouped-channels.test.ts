/**
 * parseReport picks the right parser for every fixture of the grouped channels from the content
 * alone (no channel given), and the real PayPal samples are read end to end through it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseReport, pickParser } from '../index';
import { decodeHead } from '../shared/decode-text';

const channelsDir = new URL('../', import.meta.url).pathname;
const EXPECTED_FORMATS: Record<string, string[]> = {
  shopify: ['shopify-transactions', 'shopify-payouts'],
  paypal: ['paypal-activity', 'paypal-stl'],
  etsy: ['etsy-statement'],
  ebay: ['ebay-transactions'],
  walmart: ['walmart-recon'],
  bigcommerce: ['braintree-settlement-batch'],
  afterpay: ['afterpay-settlement'],
};
const fixtures = Object.keys(EXPECTED_FORMATS).flatMap((channel) =>
  readdirSync(`${channelsDir}${channel}/__fixtures__`)
    .filter((f) => !f.endsWith('.json') && f !== 'fuzz')
    .map((f) => [channel, f] as const),
);

describe('format detection of the grouped channels', () => {
  it.each(fixtures)('%s/%s is picked by its own parser', (channel, name) => {
    const head = decodeHead(readFileSync(`${channelsDir}${channel}/__fixtures__/${name}`));
    const parser = pickParser(head, { fileName: name });
    expect(parser?.channel.toLowerCase()).toBe(channel);
    expect(EXPECTED_FORMATS[channel]).toContain(parser?.format);
  });

  it.each(fixtures)('%s/%s parses through parseReport without problems', async (channel, name) => {
    const result = await parseReport(readFileSync(`${channelsDir}${channel}/__fixtures__/${name}`), { fileName: name });
    expect(result.problems).toEqual([]);
    expect(result.settlements.length).toBeGreaterThan(0);
  });

  it('reads every real PayPal sample through parseReport; the DDR is refused with its reason', async () => {
    const dir = new URL('../../../../../../shared/samples/paypal/', import.meta.url).pathname;
    for (const name of readdirSync(dir)) {
      const result = await parseReport(readFileSync(dir + name), { fileName: name });
      if (name.startsWith('laurynas__DDR')) {
        expect(result.settlements).toEqual([]);
        expect(result.problems[0]?.message).toMatch(/dispute report \(DDR\)/);
      } else {
        expect(result.problems).toEqual([]);
        for (const s of result.settlements) expect(s.lines.reduce((sum, l) => sum + l.amount, 0n)).toBe(s.total);
      }
    }
  });
});
