/**
 * listTransactions (Finances 2024-06-19) of the fake Amazon, with the rules the model states in its
 * parameter descriptions only: postedAfter is required unless a related identifier is given; only
 * FINANCIAL_EVENT_GROUP_ID and ORDER_ID filter; postedBefore must be later than postedAfter and more
 * than two minutes before the request; windows over 180 days answer nothing; a next page is asked for
 * with nextToken and the same arguments as the first call; a page may be empty while more follow
 * (the fake puts an empty page after the first one to prove the client reads on).
 */
import type { Contract } from '../openapi-contract';
import { queryOf } from './fake-channel';

const PAGE_SIZE = 10;
const TWO_MINUTES_MS = 2 * 60_000;
const WINDOW_MAX_MS = 180 * 24 * 3600 * 1000;

interface PageToken {
  offset: number;
  isEmptyPage: boolean;
  args: string;
}
const encode = (t: PageToken) => Buffer.from(JSON.stringify(t)).toString('base64url');
function decode(text: string): PageToken | null {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as PageToken;
  } catch {
    return null;
  }
}

type Identifier = { relatedIdentifierName?: string; relatedIdentifierValue?: string };

export function serveTransactions(api: Contract, transactions: Record<string, unknown>[], now: () => number): void {
  const violation = (text: string) => api.violations.push(`${api.name}: listTransactions: ${text}`);
  api.respondWith('listTransactions', (c) => {
    const q = queryOf(c);
    const { nextToken, ...rest } = q;
    const args = JSON.stringify(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)));
    const token = nextToken ? decode(nextToken) : { offset: 0, isEmptyPage: false, args };
    if (!token) return { status: 400, body: { errors: [{ code: 'InvalidInput', message: 'Invalid nextToken' }] } };
    if (token.args !== args) violation('a next page must repeat the arguments of the first call');
    const hasIdentifier = rest.relatedIdentifierName !== undefined;
    if (hasIdentifier && !['FINANCIAL_EVENT_GROUP_ID', 'ORDER_ID'].includes(rest.relatedIdentifierName!)) violation(`${rest.relatedIdentifierName} cannot filter`);
    if (hasIdentifier && !rest.relatedIdentifierValue) violation('relatedIdentifierName without relatedIdentifierValue');
    if (!hasIdentifier && !rest.postedAfter) violation('postedAfter is required without a related identifier');
    const after = rest.postedAfter ? Date.parse(rest.postedAfter) : 0;
    const before = rest.postedBefore ? Date.parse(rest.postedBefore) : now() - TWO_MINUTES_MS;
    if (rest.postedBefore && before > now() - TWO_MINUTES_MS) violation('postedBefore must be more than two minutes before the request');
    if (rest.postedBefore && rest.postedAfter && before <= after) violation('postedBefore must be later than postedAfter');
    const matching = before - after > WINDOW_MAX_MS && rest.postedAfter
      ? []
      : transactions.filter((t) => {
          const posted = Date.parse(String(t.postedDate));
          if ((rest.postedAfter || !hasIdentifier) && (posted < after || posted >= before)) return false;
          if (rest.transactionStatus && t.transactionStatus !== rest.transactionStatus) return false;
          if (!hasIdentifier) return true;
          return ((t.relatedIdentifiers as Identifier[] | undefined) ?? []).some((r) => r.relatedIdentifierName === rest.relatedIdentifierName && r.relatedIdentifierValue === rest.relatedIdentifierValue);
        });
    if (token.isEmptyPage) return { status: 200, body: { payload: { transactions: [], nextToken: encode({ ...token, isEmptyPage: false }) } } };
    const page = matching.slice(token.offset, token.offset + PAGE_SIZE);
    const offset = token.offset + PAGE_SIZE;
    const isMore = offset < matching.length;
    const next = isMore ? encode({ offset, isEmptyPage: token.offset === 0, args }) : undefined;
    return { status: 200, headers: { 'x-amzn-RateLimit-Limit': '0.5' }, body: { payload: { transactions: page, ...(next ? { nextToken: next } : {}) } } };
  });
}
