/** Tax settings read (contract: tax-settings.ts); the saves go through the settings-tab kit. */
import type { TaxSettingsBody } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const taxSettingsKey = (accountKey: string) => ['tax-settings', accountKey];

export const fetchTaxSettings = (accountKey: string) => api.get<TaxSettingsBody>('/account/tax-settings', { accountKey });
