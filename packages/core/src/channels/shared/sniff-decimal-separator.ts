/**
 * Decimal comma or point, decided from the amounts themselves: European Amazon and PayPal exports
 * write `53,44` and `4.626,81`, others `-22.00` and `"1,653.75"`. A value with both separators settles
 * it (the later one is the decimal); a lone separator followed by other than exactly three digits is
 * the decimal one; `1,234` alone tells nothing (thousands or three decimals).
 */
export type DecimalSeparator = '.' | ',';

/** The decimal separator of one amount text, or undefined when the text alone does not tell. */
export function decimalSeparatorOf(text: string): DecimalSeparator | undefined {
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot === -1 && lastComma === -1) return undefined;
  if (lastDot !== -1 && lastComma !== -1) return lastDot > lastComma ? '.' : ',';
  const at = lastDot === -1 ? lastComma : lastDot;
  const sep: DecimalSeparator = lastDot === -1 ? ',' : '.';
  if (text.indexOf(sep) !== at) return sep === '.' ? ',' : '.'; // repeated: it groups thousands
  let digits = 0;
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    digits++;
  }
  return digits === 3 ? undefined : sep;
}

/** The decimal separator most samples agree on; undefined when none tells. */
export function sniffDecimalSeparator(samples: Iterable<string>): DecimalSeparator | undefined {
  let dots = 0;
  let commas = 0;
  for (const s of samples) {
    const sep = decimalSeparatorOf(s);
    if (sep === '.') dots++;
    else if (sep === ',') commas++;
  }
  if (dots === 0 && commas === 0) return undefined;
  return commas > dots ? ',' : '.';
}
