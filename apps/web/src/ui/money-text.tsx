/** An amount as the spec shows it: currency symbol, minor-unit decimals, '--' when missing. */
import { formatCurrency } from '@ledgerport/core/rules';

export function MoneyText({ amount, currency }: { amount: string | null | undefined; currency?: string | null }) {
  return <span className="money-text">{formatCurrency(amount, currency)}</span>;
}
