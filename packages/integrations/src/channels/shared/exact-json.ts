/**
 * JSON.parse turns 12.34 into a float. Several channel APIs (Amazon Finances BigDecimal, Walmart
 * amounts) send money as JSON numbers, and money is never a float here: numbers with a fraction or
 * an exponent are kept as their exact decimal text. Integers stay numbers (they are exact).
 */
export function parseJsonExact(text: string): unknown {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      let j = i + 1;
      while (j < n && /[0-9eE.+-]/.test(text[j]!)) j++;
      const token = text.slice(i, j);
      out += /[.eE]/.test(token) ? `"${token}"` : token;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return JSON.parse(out);
}

/** An amount given as exact text or a safe integer, as decimal text ('' when absent). */
export function decimalText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`amount ${v} is not exact`);
    return String(v);
  }
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Negates decimal text without arithmetic on floats. */
export function negateDecimal(text: string): string {
  if (text === '' || /^-?0*(\.0*)?$/.test(text)) return text.replace(/^-/, '');
  return text.startsWith('-') ? text.slice(1) : `-${text}`;
}
