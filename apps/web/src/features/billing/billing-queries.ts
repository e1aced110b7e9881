/** The billing calls the pages share, with their query keys (one cache entry per account or checkout). */
import type { BillingOverview, CheckoutSummary } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const overviewKey = (accountKey: string) => ['billing-overview', accountKey];
export const fetchOverview = (accountKey: string) => api.get<BillingOverview>('/billing/overview', { accountKey });

export interface CheckoutChoice {
  accountKey: string;
  planCode: string;
  period: 'monthly' | 'yearly';
  couponCode: string | null;
}

export const previewKey = (c: CheckoutChoice) => ['billing-preview', c.accountKey, c.planCode, c.period, c.couponCode ?? ''];
export const fetchPreview = (c: CheckoutChoice) =>
  api.post<CheckoutSummary>('/billing/checkout/preview', { accountKey: c.accountKey, planCode: c.planCode, period: c.period, ...(c.couponCode ? { couponCode: c.couponCode } : {}) });

/** The checkout's choice from the address (/billing/checkout?accountKey&planCode&period&couponCode), so the page and its sidebar agree. */
export function choiceOf(params: URLSearchParams): CheckoutChoice | null {
  const accountKey = params.get('accountKey');
  const planCode = params.get('planCode');
  if (!accountKey || !planCode) return null;
  return { accountKey, planCode, period: params.get('period') === 'yearly' ? 'yearly' : 'monthly', couponCode: params.get('couponCode') || null };
}
