/** Tax settings calls (contract: tax-settings.ts). */
import type { SaveRegisteredCountry, SaveStatementAccountsAndTaxes, TaxSettingsBody } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const taxSettingsKey = (accountKey: string) => ['tax-settings', accountKey];

export const fetchTaxSettings = (accountKey: string) => api.get<TaxSettingsBody>('/account/tax-settings', { accountKey });
export const putRegisteredCountry = (accountKey: string, body: SaveRegisteredCountry) => api.put<TaxSettingsBody>('/account/registered-country', body, { accountKey });
export const putStatementAccountsAndTaxes = (accountKey: string, body: SaveStatementAccountsAndTaxes) => api.put<TaxSettingsBody>('/account/statement-accounts-and-taxes', body, { accountKey });
