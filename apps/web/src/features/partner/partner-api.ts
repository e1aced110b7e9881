/** The Partner Dashboard's call (issue 19): the caller's client accounts with their status summary. */
import type { PartnerAccountStatus } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const fetchPartnerAccountsStatus = () => api.get<{ partnerCode: string | null; accounts: PartnerAccountStatus[] }>('/partner/accounts-status');

export const switchPath = (accountKey: string) => `/switch?account=${encodeURIComponent(accountKey)}`;
