/** The B2B invoice report's totals per currency: everything invoiced, and what is still open (not deposited). */
export interface B2bInvoiceAmount {
  currency: string;
  total: bigint;
  isPaid: boolean;
}

export function totalB2bInvoices(invoices: readonly B2bInvoiceAmount[]): { currency: string; total: bigint; open: bigint }[] {
  const by = new Map<string, { total: bigint; open: bigint }>();
  for (const i of invoices) {
    const t = by.get(i.currency) ?? { total: 0n, open: 0n };
    by.set(i.currency, { total: t.total + i.total, open: t.open + (i.isPaid ? 0n : i.total) });
  }
  return [...by].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([currency, t]) => ({ currency, ...t }));
}
