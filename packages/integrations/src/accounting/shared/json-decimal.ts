/**
 * Vendor APIs want amounts as JSON numbers (Xero UnitAmount, QBO Amount, NetSuite debit). Our
 * amounts are bigint units, and routing them through a JS number could lose cents on large values.
 * `decimal()` marks an exact decimal text; `stringifyWithDecimals` writes it as a bare JSON number.
 */
import { formatUnits } from '@ledgerport/core/money';

const MARK = '\u2063dec\u2063';

export class JsonDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal: ${text}`);
  }
  toJSON(): string {
    return `${MARK}${this.text}${MARK}`;
  }
}

/** Units (scale 4) as a JSON number with two decimals, or more when the amount needs them. */
export function decimal(units: bigint, digits = 2): JsonDecimal {
  return new JsonDecimal(formatUnits(units, digits));
}

export function stringifyWithDecimals(value: unknown): string {
  return JSON.stringify(value).replace(new RegExp(`"${MARK}(-?[0-9.]+)${MARK}"`, 'g'), '$1');
}
