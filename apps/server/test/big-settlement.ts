/** Generated Amazon settlement files for the fault tests: big enough that parsing and storing take a while to be killed in. */
import fs from 'node:fs';
import { coreFixture } from './settlement-test-server';

const report = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'), 'utf8');
const [head, summary, ...body] = report.trimEnd().split('\n');

/** Lines of the fixture's settlement, which bigSettlement repeats. */
export const BIG_SETTLEMENT_LINES_PER_COPY = body.length;

/**
 * The fixture's settlement with its nine lines repeated `copies` times under another settlement id
 * (the total scaled to match).
 */
export function bigSettlement(settlementId: string, copies: number): string {
  const cents = 3652n * BigInt(copies);
  const total = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  const lines = [head, summary!.replace('36.52', total)];
  for (let c = 0; c < copies; c++) for (const line of body) lines.push(line.replace('112-1234567-7654321', `112-${String(c).padStart(7, '0')}-7654321`));
  return `${lines.join('\n').replaceAll('11223344556', settlementId)}\n`;
}
