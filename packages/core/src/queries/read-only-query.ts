/**
 * Support's query consoles (issue 19: the backend's QBO playground and NetSuite SuiteQL) send a
 * staff member's text to a customer's accounting system. Both consoles are read-only: only one
 * SELECT statement passes, and a QBO query gets a row limit. Words inside quoted literals and
 * comments are not statements, so `WHERE Name = 'Delete me'` is a read like any other.
 */

/** QBO answers at most 1000 rows a query; the playground asks for fewer unless told. */
export const QBO_QUERY_MAX_RESULTS = 1000;
export const QBO_QUERY_DEFAULT_MAX_RESULTS = 100;

export type QueryCheck<T> = ({ isAccepted: true } & T) | { isAccepted: false; message: string };

/** Words that change data or run code; none belongs in a read. */
const WRITE_WORDS = ['insert', 'update', 'delete', 'merge', 'upsert', 'drop', 'create', 'alter', 'truncate', 'grant', 'revoke', 'exec', 'execute', 'call', 'into', 'rename', 'commit', 'rollback'];

/**
 * The text with every quoted literal and comment blanked (same length), or a message when a quote
 * or comment is left open. SQL doubles a quote inside a literal ('O''Brien'); QBO escapes it with \'.
 */
export function blankLiterals(text: string, dialect: 'qbo' | 'suiteql'): { code: string } | { message: string } {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= text.length) return { message: `A ${c === "'" ? 'quote' : 'double quote'} is not closed: end the text that starts at character ${i + 1} with ${c}.` };
        if (dialect === 'qbo' && text[j] === '\\') j += 2;
        else if (text[j] === c && text[j + 1] === c) j += 2;
        else if (text[j] === c) break;
        else j += 1;
      }
      out += c + ' '.repeat(j - i - 1) + c;
      i = j + 1;
    } else if (dialect === 'suiteql' && c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (dialect === 'suiteql' && c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) return { message: `A comment is not closed: end the comment that starts at character ${i + 1} with */.` };
      out += ' '.repeat(end + 2 - i);
      i = end + 2;
    } else {
      out += c;
      i += 1;
    }
  }
  return { code: out };
}

/** The shared rules: one statement, starting with SELECT, with no word that writes. */
function checkSelect(text: string, dialect: 'qbo' | 'suiteql', systemName: string): QueryCheck<{ query: string; code: string }> {
  const trimmed = text.trim();
  if (!trimmed) return { isAccepted: false, message: 'Type a query first, for example SELECT * FROM Account.' };
  const blanked = blankLiterals(trimmed, dialect);
  if ('message' in blanked) return { isAccepted: false, message: blanked.message };
  // One trailing semicolon is harmless and dropped; any other ends a statement and starts another.
  let code = blanked.code.trimEnd();
  let query = trimmed;
  if (code.endsWith(';')) {
    code = code.slice(0, -1).trimEnd();
    query = query.slice(0, code.length).trimEnd();
  }
  if (code.includes(';')) return { isAccepted: false, message: 'Send one query at a time: remove the semicolon between the statements.' };
  const first = /^\s*([A-Za-z]+)/.exec(code)?.[1]?.toLowerCase();
  if (first !== 'select') {
    return { isAccepted: false, message: `Only SELECT queries can be run here: this console reads ${systemName} and never changes it. The query starts with ${first ? first.toUpperCase() : `"${code.trim().slice(0, 10)}"`}.` };
  }
  const words = code.toLowerCase().match(/[a-z_]+/g) ?? [];
  const writer = words.find((w) => WRITE_WORDS.includes(w));
  if (writer) return { isAccepted: false, message: `${writer.toUpperCase()} is not allowed: this console only reads ${systemName}. Put the word in quotes if it is a value you are looking for.` };
  return { isAccepted: true, query, code };
}

/**
 * A QBO query (`SELECT * | count(*) FROM Entity [WHERE …] [ORDERBY …] [STARTPOSITION n] [MAXRESULTS m]`)
 * for the playground: the query to send (MAXRESULTS added when missing), its entity and row limit.
 */
export function checkQboQuery(text: string, maxResultsDefault = QBO_QUERY_DEFAULT_MAX_RESULTS): QueryCheck<{ query: string; entity: string; maxResults: number | null }> {
  const checked = checkSelect(text, 'qbo', 'QuickBooks Online');
  if (!checked.isAccepted) return checked;
  const { code } = checked;
  const entity = /\bfrom\s+([A-Za-z]+)\b/i.exec(code)?.[1];
  if (!entity) return { isAccepted: false, message: 'Name the entity to read after FROM, for example SELECT * FROM Account.' };
  if (/^\s*select\s+count\s*\(\s*\*\s*\)/i.test(code)) return { isAccepted: true, query: checked.query, entity, maxResults: null };
  const given = /\bmaxresults\s+(\S+)/i.exec(code);
  if (given) {
    const n = /^\d+$/.test(given[1]!) ? Number.parseInt(given[1]!, 10) : Number.NaN;
    if (!(n >= 1 && n <= QBO_QUERY_MAX_RESULTS)) return { isAccepted: false, message: `MAXRESULTS must be a whole number from 1 to ${QBO_QUERY_MAX_RESULTS} (it is ${given[1]}).` };
    return { isAccepted: true, query: checked.query, entity, maxResults: n };
  }
  return { isAccepted: true, query: `${checked.query} MAXRESULTS ${maxResultsDefault}`, entity, maxResults: maxResultsDefault };
}

/** A SuiteQL query for the console: one SELECT; paging is the request's limit and offset, not the text's. */
export function checkSuiteQlQuery(text: string): QueryCheck<{ query: string }> {
  const checked = checkSelect(text, 'suiteql', 'NetSuite');
  return checked.isAccepted ? { isAccepted: true, query: checked.query } : checked;
}

/** A NetSuite record type as SuiteQL and the record API name it: a plain identifier such as journalentry. */
export function isNetSuiteRecordType(text: string): boolean {
  return /^[a-z][a-z0-9_]{0,59}$/i.test(text);
}
