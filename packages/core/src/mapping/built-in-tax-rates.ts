/**
 * The built-in ledger's tax rates (decision 0058): what a seller registered for VAT/GST in a country
 * starts with, as data. Each rate has an exact decimal percentage and posts its tax to one control
 * account ("VAT" / "GST", a liability: output tax on sales credits it, input tax on fees debits it,
 * its balance is what the return pays). The owner can add, rename, change and deactivate rates on
 * Settings > Built-in ledger; these are only the starting point.
 *
 * Rates are the standard (and for DE, GB and FR the reduced and zero) rates in force in 2026; a
 * country's authority is the reference, and the owner corrects a rate on the settings screen.
 * Every registered seller also gets:
 * - 'NONE' (No Tax): lines outside the scope of VAT (reserves, transfers, marketplace-collected tax);
 * - 'RC' (Reverse charge, 0%) where the reverse charge applies (EU and UK, decision 0036): marketplace
 *   fees bought from another country, on which output and input VAT cancel, so nothing is posted.
 */
import { parseDecimalUnits } from '../money/money';
import type { AccountKind, LedgerAccount, TaxRate } from './model';

interface CountryTax {
  /** The tax's name where the seller is registered. */
  tax: 'VAT' | 'GST' | 'JCT';
  /** Percentages as exact decimals, the standard rate first. */
  rates: readonly string[];
  hasReverseCharge: boolean;
}

const EU = (standard: string): CountryTax => ({ tax: 'VAT', rates: [standard], hasReverseCharge: true });

/** The built-in defaults per registered country (ISO 3166 alpha-2), the Registered Country list's countries. */
export const BUILT_IN_TAX_DEFAULTS: Readonly<Record<string, CountryTax>> = {
  AT: EU('20'), BE: EU('21'), BG: EU('20'), CY: EU('19'), CZ: EU('21'),
  DE: { tax: 'VAT', rates: ['19', '7'], hasReverseCharge: true },
  DK: EU('25'), EE: EU('24'), ES: EU('21'), FI: EU('25.5'),
  FR: { tax: 'VAT', rates: ['20', '10', '5.5'], hasReverseCharge: true },
  GB: { tax: 'VAT', rates: ['20', '5', '0'], hasReverseCharge: true },
  GR: EU('24'), HR: EU('25'), HU: EU('27'), IE: EU('23'), IT: EU('22'), LT: EU('21'), LU: EU('17'),
  LV: EU('21'), MT: EU('18'), NL: EU('21'), PL: EU('23'), PT: EU('23'), RO: EU('21'), SE: EU('25'),
  SI: EU('22'), SK: EU('23'),
  AU: { tax: 'GST', rates: ['10'], hasReverseCharge: false },
  CA: { tax: 'GST', rates: ['5'], hasReverseCharge: false },
  CH: { tax: 'VAT', rates: ['8.1'], hasReverseCharge: false },
  IN: { tax: 'GST', rates: ['18'], hasReverseCharge: false },
  JP: { tax: 'JCT', rates: ['10'], hasReverseCharge: false },
  MX: { tax: 'VAT', rates: ['16'], hasReverseCharge: false },
  NO: { tax: 'VAT', rates: ['25'], hasReverseCharge: false },
  NZ: { tax: 'GST', rates: ['15'], hasReverseCharge: false },
  SG: { tax: 'GST', rates: ['9'], hasReverseCharge: false },
};

export const NO_TAX_RATE: TaxRate = { code: 'NONE', name: 'No Tax', ratePercent: '0' };

export const ACCOUNT_KIND_ROOTS: Record<AccountKind, string> = { asset: 'Assets', liability: 'Liabilities', equity: 'Equity', income: 'Income', expense: 'Expenses' };

/** The control account a country's tax posts to. */
export function builtInTaxAccount(country: string): LedgerAccount {
  const tax = BUILT_IN_TAX_DEFAULTS[country]?.tax ?? 'VAT';
  return { code: `Liabilities:${tax}`, name: tax, kind: 'liability', path: `Liabilities:${tax}` };
}

export interface BuiltInTaxSetup {
  account: LedgerAccount;
  rates: TaxRate[];
  /** The codes tax settings (decision 0036) give sales, fees, reverse-charge and untaxed lines. */
  treatment: { sales: string; fees: string; reverseCharge: string | null; noTax: string };
}

/** The tax rates and tax account a seller registered in `country` starts with; undefined for a country without defaults. */
export function builtInTaxSetup(country: string): BuiltInTaxSetup | undefined {
  const d = BUILT_IN_TAX_DEFAULTS[country];
  if (!d) return undefined;
  const account = builtInTaxAccount(country);
  const rates: TaxRate[] = d.rates.map((r) => ({ code: `${d.tax}${r}`, name: `${d.tax} ${r}%`, ratePercent: r, accountCode: account.code }));
  if (d.hasReverseCharge) rates.push({ code: 'RC', name: 'Reverse charge', ratePercent: '0', accountCode: account.code });
  rates.push({ ...NO_TAX_RATE });
  const standard = rates[0]!.code;
  return { account, rates, treatment: { sales: standard, fees: d.hasReverseCharge ? 'RC' : standard, reverseCharge: d.hasReverseCharge ? 'RC' : null, noTax: NO_TAX_RATE.code } };
}

/** A rate's percentage in units (scale 4: 19% is 190000), or undefined when it is not a decimal from 0 to 100 with at most 4 places. */
export function ratePercentUnits(text: string): bigint | undefined {
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text)) return undefined;
  const units = parseDecimalUnits(text);
  return units !== undefined && units >= 0n && units <= 1_000_000n ? units : undefined;
}

/** What is wrong with a tax rate's percentage as typed, or null. */
export function checkRatePercent(text: string): string | null {
  return ratePercentUnits(text) === undefined ? 'A tax rate is a percentage from 0 to 100 with at most 4 decimal places, such as 19 or 5.5.' : null;
}
