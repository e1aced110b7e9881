/** Settings > PayPal and Amazon Pay calls (contract: payment-source-settings.ts). */
import type { AmazonPaySettingsBody, PayPalSettingsBody, SaveAmazonPaySettings, SavePayPalSettings } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const payPalSettingsKey = (accountKey: string) => ['paypal-settings', accountKey];
export const amazonPaySettingsKey = (accountKey: string) => ['amazon-pay-settings', accountKey];

export const fetchPayPalSettings = (accountKey: string) => api.get<PayPalSettingsBody>('/account-settings/paypal', { accountKey });
export const putPayPalSettings = (accountKey: string, body: SavePayPalSettings) => api.put<PayPalSettingsBody>('/account-settings/paypal', body, { accountKey });
export const fetchAmazonPaySettings = (accountKey: string) => api.get<AmazonPaySettingsBody>('/account-settings/amazon-pay', { accountKey });
export const putAmazonPaySettings = (accountKey: string, body: SaveAmazonPaySettings) => api.put<AmazonPaySettingsBody>('/account-settings/amazon-pay', body, { accountKey });
