/**
 * A payment card as the spec shows it (sections 5 and 9): twelve masked digits and the last four,
 * 'Expires {month year}' only when both month and year are known. The card itself is only ever in
 * Stripe's hosted page; we keep brand, last four and expiry from its webhooks.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function maskCardNumber(lastFourDigits: string): string {
  return `•••• •••• •••• ${lastFourDigits}`;
}

/** 'Expires November 2027', or null unless both the month (1 to 12) and the year are known. */
export function formatCardExpiry(expirationMonth: number | null | undefined, expirationYear: number | null | undefined): string | null {
  if (expirationMonth === null || expirationMonth === undefined || expirationYear === null || expirationYear === undefined) return null;
  const name = MONTHS[expirationMonth - 1];
  if (!name || !Number.isInteger(expirationYear)) return null;
  return `Expires ${name} ${expirationYear}`;
}
