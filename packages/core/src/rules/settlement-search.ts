/**
 * What a bookkeeper types into the settlements search (issue 26, decision 0055). One box finds a
 * settlement by its id, file, marketplace, gateway, an order id or SKU in it, or its deposit amount
 * copied from a bank statement, whatever its sign: "36.52" finds -36.52 too. This module reads the
 * amount part; the server matches it exactly against the stored total (index-friendly equality).
 *
 * Amounts accepted: "36.52", "-36.52", "1654.23", "1,654.23" (comma groups, dot decimal), "1654,23"
 * and "36,5" (a comma before one or two last digits is a decimal comma), "1.654,23" and "1.654.230"
 * (dot groups), with an optional currency symbol ($ € £ ¥) or ISO code before or after. A dot before
 * exactly three last digits ("1.654") is a decimal point, as on English statements; a comma before
 * three last digits ("1,654") groups thousands. Anything else (letters, two decimal marks) is no amount.
 */
import { parseDecimalUnits } from '../money/money';

const PLAIN = /^\d{1,16}(\.\d{1,4})?$/;
const COMMA_GROUPS = /^\d{1,3}(,\d{3})+(\.\d{1,4})?$/;
const DECIMAL_COMMA = /^\d{1,16},\d{1,2}$/;
const DOT_GROUPS = /^\d{1,3}(\.\d{3})+,\d{1,4}$|^\d{1,3}(\.\d{3}){2,}$/;

/** The absolute amount in units (scale 4) a search text names, or null when it is not an amount. */
export function readSearchAmount(text: string): bigint | null {
  let t = text.trim().replace(/^[A-Z]{3}\s+|\s+[A-Z]{3}$/g, '');
  t = t.replace(/^[-+−]\s*/, '').replace(/^[$€£¥]\s*/, '').replace(/\s*[$€£¥]$/, '').replace(/^[-+−]\s*/, '');
  let units: bigint | undefined;
  if (PLAIN.test(t)) units = parseDecimalUnits(t, '.');
  else if (COMMA_GROUPS.test(t)) units = parseDecimalUnits(t, '.');
  else if (DECIMAL_COMMA.test(t) || DOT_GROUPS.test(t)) units = parseDecimalUnits(t, ',');
  return units === undefined ? null : units < 0n ? -units : units;
}
