/**
 * Braintree's gateway answers in flat XML (<record><card-type>Visa</card-type>...</record>); the
 * records read here have no nesting, so a small reader avoids an XML dependency. Entities are decoded.
 */
const decode = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function xmlRecords(xml: string, element: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const m of xml.matchAll(new RegExp(`<${element}(?:\\s[^>]*)?>([\\s\\S]*?)</${element}>`, 'g'))) {
    const record: Record<string, string> = {};
    for (const f of m[1]!.matchAll(/<([a-z][a-z0-9-]*)(?:\s[^>]*)?>([^<]*)<\/\1>/g)) record[f[1]!] = decode(f[2]!.trim());
    out.push(record);
  }
  return out;
}
