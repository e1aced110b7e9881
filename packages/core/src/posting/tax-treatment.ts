/**
 * How an account's VAT/GST registration changes the tax rate of its document lines (Settings >
 * Registered Country and Statements Accounts and Taxes, decision 0036). Tax rates are codes the
 * accounting system computes tax from (Xero TaxType, QBO TaxCode, Sage tax_rate id): a line's amount
 * never changes, only the code it carries, so a document stays exactly as balanced as before.
 *
 * - Not registered: the seller charges no VAT and reclaims none, so every line carries the no-tax
 *   rate, whatever its mapping says (gross amounts, no tax).
 * - Registered: an explicit mapping rule keeps its own rate (the bookkeeper chose it, e.g. per
 *   country); otherwise sales, shipping and refunds carry the sales rate; marketplace fees and
 *   advertising carry the reverse-charge rate when the seller is registered in the EU or the UK
 *   (a service bought from a marketplace established in another country) and the fees rate
 *   elsewhere (e.g. Australian GST on expenses); every other category (taxes collected by the
 *   marketplace, reserves, transfers, reimbursements, other charges) is outside the scope of VAT.
 * A rate left unset keeps the mapping's own rate for the lines it would cover.
 */
import type { ResolvedMapping } from '../mapping/resolve-mapping';
import type { Category } from '../settlements/model';

export interface TaxTreatment {
  /** ISO 3166 alpha-2 code of the country the business is established in; null when not chosen. */
  country: string | null;
  isRegistered: boolean;
  /** Tax rate codes of the accounting system; null keeps the mapping's rate. */
  rates: {
    sales: string | null;
    fees: string | null;
    reverseCharge: string | null;
    noTax: string | null;
  };
  /** The ledger account the channel's payouts are booked to (its statement/clearing account), instead of the chart's clearing account. */
  statementAccount?: { code: string; name: string } | null;
}

export type TaxRateKind = keyof TaxTreatment['rates'];

/** The countries with a VAT or GST a seller can register for (the Registered Country list). */
export const TAX_COUNTRIES = [
  ['AT', 'Austria', 'VAT'], ['AU', 'Australia', 'GST'], ['BE', 'Belgium', 'VAT'], ['BG', 'Bulgaria', 'VAT'],
  ['CA', 'Canada', 'GST'], ['CH', 'Switzerland', 'VAT'], ['CY', 'Cyprus', 'VAT'], ['CZ', 'Czechia', 'VAT'],
  ['DE', 'Germany', 'VAT'], ['DK', 'Denmark', 'VAT'], ['EE', 'Estonia', 'VAT'], ['ES', 'Spain', 'VAT'],
  ['FI', 'Finland', 'VAT'], ['FR', 'France', 'VAT'], ['GB', 'United Kingdom', 'VAT'], ['GR', 'Greece', 'VAT'],
  ['HR', 'Croatia', 'VAT'], ['HU', 'Hungary', 'VAT'], ['IE', 'Ireland', 'VAT'], ['IN', 'India', 'GST'],
  ['IT', 'Italy', 'VAT'], ['JP', 'Japan', 'JCT'], ['LT', 'Lithuania', 'VAT'], ['LU', 'Luxembourg', 'VAT'],
  ['LV', 'Latvia', 'VAT'], ['MT', 'Malta', 'VAT'], ['MX', 'Mexico', 'VAT'], ['NL', 'Netherlands', 'VAT'],
  ['NO', 'Norway', 'VAT'], ['NZ', 'New Zealand', 'GST'], ['PL', 'Poland', 'VAT'], ['PT', 'Portugal', 'VAT'],
  ['RO', 'Romania', 'VAT'], ['SE', 'Sweden', 'VAT'], ['SG', 'Singapore', 'GST'], ['SI', 'Slovenia', 'VAT'],
  ['SK', 'Slovakia', 'VAT'],
] as const satisfies readonly (readonly [code: string, name: string, tax: string])[];

export type TaxCountryCode = (typeof TAX_COUNTRIES)[number][0];
export const TAX_COUNTRY_CODES = TAX_COUNTRIES.map(([code]) => code) as unknown as readonly [TaxCountryCode, ...TaxCountryCode[]];

/** EU member states and the United Kingdom: a registered seller self-accounts for VAT on marketplace fees (reverse charge). */
const REVERSE_CHARGE_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'GB',
]);

export function isReverseChargeCountry(country: string | null): boolean {
  return country !== null && REVERSE_CHARGE_COUNTRIES.has(country);
}

/** Which of the treatment's rates a line of this category carries (before falling back to the mapping). */
export function taxRateKindOf(treatment: Pick<TaxTreatment, 'country' | 'isRegistered'>, category: Category | undefined): TaxRateKind {
  if (!treatment.isRegistered) return 'noTax';
  switch (category) {
    case 'sales':
    case 'shipping':
    case 'refunds':
      return 'sales';
    case 'fees':
    case 'advertising':
      return isReverseChargeCountry(treatment.country) ? 'reverseCharge' : 'fees';
    default:
      return 'noTax';
  }
}

/** The tax rate code of a mapped line of this category under the treatment (see the rules above). */
export function taxRateCodeFor(treatment: TaxTreatment | undefined, category: Category | undefined, mapped: Pick<ResolvedMapping, 'taxRateCode' | 'via'>): string {
  if (!treatment) return mapped.taxRateCode;
  if (treatment.isRegistered && mapped.via === 'rule') return mapped.taxRateCode;
  return treatment.rates[taxRateKindOf(treatment, category)] ?? mapped.taxRateCode;
}

/** What a registration number must look like: 4 to 20 letters and digits, with optional spaces, dots or dashes between them. */
export function checkTaxRegistrationNumber(number: string): string | null {
  const compact = number.replace(/[\s.-]/g, '');
  if (!/^[A-Za-z0-9]+$/.test(compact)) return 'A registration number has only letters and digits (spaces, dots and dashes are allowed between them).';
  if (compact.length < 4 || compact.length > 20) return 'A registration number has 4 to 20 letters and digits.';
  return null;
}
