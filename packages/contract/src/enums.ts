/** Enumerations of the product spec (sections 1 and 3). */
import { z } from 'zod';

export const salesChannels = ['AMAZON', 'SHOPIFY', 'EBAY', 'ETSY', 'WALMART', 'BIGCOMMERCE', 'PAYPAL', 'AFTERPAY'] as const;
export const salesChannelSchema = z.enum(salesChannels);
export type SalesChannel = z.infer<typeof salesChannelSchema>;

export const accountingSystems = ['QBO', 'XERO', 'SAGE', 'NETSUITE', 'MANUAL', 'NONE'] as const;
export const accountingSystemSchema = z.enum(accountingSystems);
export type AccountingSystem = z.infer<typeof accountingSystemSchema>;

export const loginEnablingPartySchema = z.enum(['GOOGLE', 'XERO', 'QBO', 'MICROSOFT']);
export type LoginEnablingParty = z.infer<typeof loginEnablingPartySchema>;

export const organizationFeatureSchema = z.enum(['CLARITY', 'PRODUCT_CATALOG']);
export type OrganizationFeature = z.infer<typeof organizationFeatureSchema>;

/** Named permissions held in user_permissions (the role flags live on the user itself). */
export const permissionSchema = z.enum(['CLARITY_VIEW_ONLY']);
export type Permission = z.infer<typeof permissionSchema>;

/** The spec's feature flags; its two obfuscated '{hash}' entries have no name to use. */
export const featureFlagNames = [
  'AMAZON_SUMMARY_REPORT',
  'AMAZON_DEFERRED_TRANSACTIONS_SETTINGS',
  'A2X_CLARITY_ENABLED',
  'NETSUITE_INTEGRATION_BETA',
  'NEW_ADMIN_PAGE',
  'PAYPAL_SEND_INVOICE',
  'SHOW_COGS_ONLY_REFRESH_BULK_ACTION',
  'SHOPIFY_RECONCILIATION_TOOL_ENABLED',
  'SHOPIFY_SCOPE_MAY_2024',
  'SHOPIFY_SINGLE_ORDER_ENABLED',
  'SHOPIFY_DEFERRED_REVENUE_ENABLED',
  'STRIPE_BILLING_INTEGRATION',
  'WALMART_OAUTH2',
  'BIGCOMMERCE_CONNECTION',
] as const;
export const featureFlagNameSchema = z.enum(featureFlagNames);
export type FeatureFlagName = z.infer<typeof featureFlagNameSchema>;
