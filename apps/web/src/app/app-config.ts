/**
 * Build-time switches of the web app. The payment provider (spec section 6: Billing and
 * Subscriptions are hidden when it is not enabled) arrives with the billing issue; until then the
 * menus do not offer pages that cannot take a payment.
 */
export const PAYMENT_PROVIDER_ENABLED = false;

export const HELP_URL = 'https://help.ledgerport.com/';
export const CONTACT_EMAIL = 'support@ledgerport.com';
