/** Settings > PayPal and Amazon Pay reads (contract: payment-source-settings.ts); the saves go through the settings-tab kit. */
import type { AmazonPaySettingsBody, PayPalSettingsBody } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const payPalSettingsKey = (accountKey: string) => ['paypal-settings', accountKey];
export const amazonPaySettingsKey = (accountKey: string) => ['amazon-pay-settings', accountKey];

export const fetchPayPalSettings = (accountKey: string) => api.get<PayPalSettingsBody>('/account-settings/paypal', { accountKey });
export const fetchAmazonPaySettings = (accountKey: string) => api.get<AmazonPaySettingsBody>('/account-settings/amazon-pay', { accountKey });
