/**
 * Which months the Inventory Ledger can be fetched for (decision 0050): a month that has ended (the
 * ledger's ending balance of a running month would move under our feet), and the month the monthly
 * schedule fetches: the one before today's. Days are UTC dates (YYYY-MM-DD).
 */

/** YYYY-MM of a day. */
export const monthOf = (dayIso: string): string => dayIso.slice(0, 7);

export function isMonthEnded(month: string, todayIso: string): boolean {
  return month < monthOf(todayIso);
}

/** The month before the one `todayIso` falls in. */
export function previousMonth(todayIso: string): string {
  const year = Number(todayIso.slice(0, 4));
  const month = Number(todayIso.slice(5, 7));
  return month === 1 ? `${String(year - 1).padStart(4, '0')}-12` : `${todayIso.slice(0, 4)}-${String(month - 1).padStart(2, '0')}`;
}
