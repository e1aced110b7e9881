/**
 * The month totals of an organization's accounts, from the report rollup (report_day_totals,
 * decision 0029), never from settlement lines: a few rows per account, type and month. Closed
 * settlements only, as the Account Overview: an open settlement's figures still move.
 */
import { sql, type Kysely } from 'kysely';
import { parseDecimalUnits } from '@ledgerport/core/money';
import type { ClarityTotalsRow } from '@ledgerport/core/clarity';
import type { Database } from '@ledgerport/db';
import type { ClarityAccount } from './clarity-organization';

export async function readClarityRows(
  db: Kysely<Database>,
  accounts: readonly ClarityAccount[],
  start: string,
  end: string,
): Promise<ClarityTotalsRow[]> {
  if (accounts.length === 0) return [];
  const byKey = new Map(accounts.map((a) => [a.accountKey, a]));
  const rows = await db
    .selectFrom('report_day_totals')
    .select([
      'account_key',
      sql<string>`substr(local_day, 1, 7)`.as('month'),
      'currency',
      'type_key',
      'marketplace',
      sql<string>`sum(amount)::text`.as('amount'),
    ])
    .where('account_key', 'in', [...byKey.keys()])
    .where('local_day', '>=', start)
    .where('local_day', '<=', end)
    .where('status', '=', 'closed')
    .groupBy(['account_key', sql`2`, 'currency', 'type_key', 'marketplace'])
    .execute();
  return rows.map((r) => {
    const account = byKey.get(r.account_key)!;
    return {
      accountName: account.name,
      salesChannel: account.salesChannel,
      month: r.month,
      currency: r.currency,
      marketplace: r.marketplace === '' ? null : r.marketplace,
      typeKey: r.type_key,
      amount: parseDecimalUnits(r.amount, '.') ?? 0n,
    };
  });
}
