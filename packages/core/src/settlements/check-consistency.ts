/**
 * Does a settlement add up? The sum of its lines must equal its stated total (the deposit). When it
 * does not, the settlement is inconsistent: we keep it, say by how much, and guess the likeliest reason
 * so a bookkeeper knows where to look. An open settlement (no stated total yet) has nothing to
 * contradict and is consistent.
 */
import { formatMoney } from '../money/money';
import { describeTransactionType } from './describe-transaction-type';
import type { Channel } from './model';

export interface ConsistencyInput {
  channel: Channel;
  currency: string;
  /** Stated total; null for an open settlement. */
  total: bigint | null;
  linesTotal: bigint;
  lineCount: number;
  /** Sum of the lines by transaction type key. */
  byType: ReadonlyMap<string, bigint>;
  /** The file ended in the middle of a row (no final line break, short last row). */
  isTruncated?: boolean;
}

export interface Consistency {
  isConsistent: boolean;
  /** Stated total minus the sum of the lines (0 when consistent). */
  difference: bigint;
  /** Why it may not add up, in plain words; null when consistent. */
  reason: string | null;
}

export function checkConsistency(input: ConsistencyInput): Consistency {
  if (input.total === null) return { isConsistent: true, difference: 0n, reason: null };
  const difference = input.total - input.linesTotal;
  if (difference === 0n) return { isConsistent: true, difference, reason: null };
  return { isConsistent: false, difference, reason: likelyReason(input, difference) };
}

function likelyReason(input: ConsistencyInput, difference: bigint): string {
  const amount = (units: bigint) => `${formatMoney({ units, currency: input.currency })} ${input.currency}`;
  const gap = `The lines add up to ${amount(input.linesTotal)} but the stated total is ${amount(input.total ?? 0n)} (a difference of ${amount(difference)})`;
  if (input.isTruncated) return `${gap}: the file looks truncated (its last row is incomplete).`;
  if (input.lineCount === 0) return `${gap}: the file has no detail rows, only the summary.`;
  const reserveTypes = [...input.byType.keys()].filter((k) => describeTransactionType(input.channel, k).category === 'reserves');
  for (const [key, sum] of input.byType) {
    if (sum !== 0n && -sum === difference) {
      return `${gap}: it equals the '${describeTransactionType(input.channel, key).label}' lines, which the stated total does not seem to include (counted twice, or booked in another settlement).`;
    }
    if (sum !== 0n && sum * 2n === -difference && reserveTypes.includes(key)) {
      return `${gap}: the reserve line '${describeTransactionType(input.channel, key).label}' may have the wrong sign.`;
    }
  }
  if (difference < 0n && reserveTypes.length === 0) {
    return `${gap}: a reserve line may be missing (money the channel held back is not in the lines).`;
  }
  return `${gap}: some rows may be missing (the file may be an excerpt of the report).`;
}
