/**
 * Kysely table types. Column names are snake_case in SQL; Kysely maps nothing, so repositories
 * translate to the contract's camelCase. INT8 and NUMERIC arrive as strings on both engines
 * (openDb configures PGlite like pg); timestamptz arrives as Date.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** NUMERIC(20,4): read as a decimal string, written as a decimal string. */
export type Numeric = ColumnType<string, string, string>;
/** jsonb: read as parsed JSON, written as JSON text. */
export type Json = ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;

export interface UsersTable {
  user_id: string;
  email: string;
  name: string;
  /** argon2id; null for a user made by an identity provider who never set a password (migration 0059). */
  password_hash: string | null;
  partner_code: string | null;
  root_admin: Generated<boolean>;
  support_lead: Generated<boolean>;
  support_admin: Generated<boolean>;
  developer: Generated<boolean>;
  billing_account_id: string | null;
  billing_data: Json;
  login_enabling_party: string | null;
  current_account_key: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** When a mailed link proved the address; null only for a sign-up not yet verified (migration 0014). */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** IANA time zone of the person (UTC by default). */
  time_zone: Generated<string>;
  /** The partner firm role (migration 0038): 'admin' sees every client of the firm; 'member' (or null) only its teams' clients. */
  partner_role: ColumnType<'admin' | 'member' | null, 'admin' | 'member' | null | undefined, 'admin' | 'member' | null>;
}

export interface UserPermissionsTable {
  user_id: string;
  permission: string;
}

export interface UserFeatureFlagsTable {
  user_id: string;
  flag: string;
  created_at: CreatedAt;
}

export interface UserApplicationPreferencesTable {
  user_id: string;
  organization_modal_confirmed: Generated<boolean>;
  paypal_banner_on_shopify_dismissed: Generated<boolean>;
  updated_at: Timestamp;
}

export interface OrganizationsTable {
  organization_id: string;
  name: string;
  clarity_organization_id: string | null;
  partner_code: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrganizationFeaturesTable {
  organization_id: string;
  feature: string;
}

export interface AccountsTable {
  account_key: string;
  account_name: string;
  account_address: string | null;
  account_status: Generated<string>;
  accounting_system: string;
  /** No longer read or written: the connection state is derived from `connections` (decision 0056); to be dropped. */
  accounting_system_connected: Generated<boolean>;
  accounting_system_organization_name: string | null;
  partner_code: string | null;
  plan_code: string | null;
  plan_amount: Numeric | null;
  subscribed_at: Timestamp | null;
  sales_channel: string;
  /** No longer read or written: the connection state is derived from `connections` (decision 0056); to be dropped. */
  sales_channel_connected: Generated<boolean>;
  sales_channel_pending: Generated<boolean>;
  sales_channel_invite_status: string | null;
  sales_channel_store_name: string | null;
  mappings_completed: Generated<boolean>;
  mappings_configuration_initiated: Generated<boolean>;
  /** Fees of transaction types the catalogue does not list post to the fees account until mapped (issue 28). */
  is_new_fee_type_to_fees: Generated<boolean>;
  first_settlement_posted: Generated<boolean>;
  has_accounts_file: Generated<boolean>;
  time_zone_id: Generated<string>;
  template_prefix: string | null;
  is_piggy_backing_account: Generated<boolean>;
  request_history_blocked: Generated<boolean>;
  redaction_pending: Generated<boolean>;
  accounting_system_reference_name: string | null;
  account_super_user_key: string | null;
  requires_reauthentication: Generated<boolean>;
  organization_id: string | null;
  should_split_by_country: Generated<boolean>;
  quick_setup: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** When deletion of the account's data was requested, and by whom (migration 0017). */
  redaction_requested_at: Timestamp | null;
  redaction_requested_by: string | null;
}

/** Toggles of spec section 3 "Account features"; derived ones (60 days, copy accounts) are computed. */
export interface AccountFeaturesTable {
  account_key: string;
  enable_amazon_pay: Generated<boolean>;
  amazon_deferred_transaction_enabled: Generated<boolean>;
  show_advanced_fba: Generated<boolean>;
  show_gift_cards: Generated<boolean>;
  stripe_enabled: Generated<boolean>;
  cogs_enabled: Generated<boolean>;
  cogs_refunds_enabled: Generated<boolean>;
  premium: Generated<boolean>;
  is_demo_account: Generated<boolean>;
}

export interface AccountFeatureFlagsTable {
  account_key: string;
  flag: string;
  created_at: CreatedAt;
}

export interface AccountMembershipsTable {
  account_key: string;
  user_id: string;
  role: string;
  created_at: CreatedAt;
}

export interface AccountInvitesTable {
  invite_id: Generated<string>;
  account_key: string;
  email: string;
  /** The address trimmed and lower-cased: one open invite per account and address. */
  email_key: string;
  role: 'owner' | 'member' | 'view-only';
  invited_by_user_id: string | null;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  closed_reason: 'accepted' | 'declined' | 'revoked' | 'resent' | null;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_by_user_id: string | null;
}

export interface AccountAccessRequestsTable {
  request_id: Generated<string>;
  account_key: string;
  user_id: string;
  message: Generated<string>;
  created_at: Timestamp;
  closed_reason: 'granted' | 'declined' | 'withdrawn' | null;
  granted_role: 'owner' | 'member' | 'view-only' | null;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_by_user_id: string | null;
}

export interface ClientEventsTable {
  event_id: Generated<string>;
  user_id: string;
  /** 'js_error' or an analytics event's name. */
  event: string;
  feature: string | null;
  sales_channel: string | null;
  accounting_system: string | null;
  message: string | null;
  route: string | null;
  release: string | null;
  stack: string | null;
  trace_id: string | null;
  url: string | null;
  method: string | null;
  status: number | null;
  created_at: Timestamp;
}

export interface AccountAutomationTable {
  account_key: string;
  is_enabled: boolean;
  delay_hours: number;
  is_sending_uploads: boolean;
  /** 'YYYY-MM-DD': automation sends settlements ending on or after it. */
  send_from_date: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** One account's status counts for cross-account pages (migration 0035, decision 0035); refreshed by refreshAccountStatus. */
/** A team of a partner firm (migration 0038, decision 0038). */
export interface TeamsTable {
  team_id: Generated<string>;
  partner_code: string;
  name: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: 'lead' | 'member';
  created_at: CreatedAt;
}

/** The client accounts a team sees; account_key first (a Citus distribution column). */
export interface TeamAccountsTable {
  account_key: string;
  team_id: string;
  created_at: CreatedAt;
}

/** Which identity provider subject signs in as which user (migration 0059, decision 0064). */
export interface IdentityLinksTable {
  provider: 'google' | 'intuit' | 'xero';
  subject: string;
  user_id: string;
  email: string;
  created_at: Timestamp;
  last_sign_in_at: Timestamp;
}

/** An invite into a partner firm (and optionally one of its teams) by email (migration 0048, decision 0048). */
export interface FirmInvitesTable {
  invite_id: Generated<string>;
  partner_code: string;
  email: string;
  email_key: string;
  partner_role: 'admin' | 'member';
  team_id: string | null;
  team_role: 'lead' | 'member' | null;
  invited_by_user_id: string | null;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  closed_reason: 'accepted' | 'declined' | 'revoked' | 'resent' | null;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_by_user_id: string | null;
}

/** Saved Clarity analyses of an organization (migration 0037). */
export interface ClarityAnalysesTable {
  organization_id: string;
  analysis_id: string;
  name: string;
  definition: ColumnType<Record<string, unknown>, string, string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Documents of an organization or of its firm, bytes in the row (migration 0037, decision 0037). */
export interface ClarityDocumentsTable {
  owner_kind: 'organization' | 'firm';
  owner_id: string;
  document_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content: Uint8Array;
  uploaded_by: string | null;
  uploaded_at: Timestamp;
}

export interface AccountStatusSummaryTable {
  account_key: string;
  waiting_count: number;
  unmapped_count: number;
  inconsistent_count: number;
  on_hold_count: number;
  failed_count: number;
  connection_status: string | null;
  connection_error: string | null;
  last_posted_at: Timestamp | null;
  last_fetched_at: Timestamp | null;
  refreshed_at: Timestamp;
}

/** An account's VAT/GST registration, tax rates and statement account (migration 0036, decision 0036). */
export interface TaxSettingsTable {
  account_key: string;
  country: string | null;
  is_registered: ColumnType<boolean, boolean | undefined, boolean>;
  registration_number: string | null;
  /** The tax rates the account chooses from: { code, name }. */
  tax_rates: ColumnType<{ code: string; name: string }[], string | undefined, string>;
  sales_tax_rate_code: string | null;
  fees_tax_rate_code: string | null;
  reverse_charge_tax_rate_code: string | null;
  no_tax_rate_code: string | null;
  statement_account_code: string | null;
  statement_account_name: string | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** Billing (migration 0028, decision 0031). */
export interface BillingPlansTable {
  plan_code: string;
  name: string;
  rank: number;
  settlements_per_month: number | null;
  channels: number | null;
  history_months: number | null;
  features: ColumnType<string[], string | undefined, string>;
  is_active: Generated<boolean>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface BillingPlanPricesTable {
  plan_code: string;
  currency: string;
  monthly_amount: Numeric;
  yearly_amount: Numeric;
  stripe_monthly_price_id: string | null;
  stripe_yearly_price_id: string | null;
}

export interface BillingCustomersTable {
  customer_id: string;
  user_id: string;
  created_at: Timestamp;
}

export type BillingSubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface BillingSubscriptionsTable {
  subscription_id: string;
  customer_id: string;
  user_id: string | null;
  kind: 'account' | 'firm';
  plan_code: string;
  period: 'monthly' | 'yearly';
  currency: string;
  amount: Numeric;
  status: BillingSubscriptionStatus;
  current_period_end: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancel_at_period_end: Generated<boolean>;
  past_due_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  coupon_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  card_holder_name: string | null;
  last_event_id: string;
  /** Stripe's event `created` (seconds), INT8 read as a string. */
  last_event_created: ColumnType<string, string | number, string | number>;
  updated_at: Timestamp;
}

export interface BillingSubscriptionAccountsTable {
  account_key: string;
  subscription_id: string;
  added_at: Timestamp;
}

export interface BillingCheckoutSessionsTable {
  session_id: string;
  account_key: string;
  user_id: string;
  plan_code: string;
  period: 'monthly' | 'yearly';
  currency: string;
  coupon_code: string | null;
  status: Generated<'open' | 'complete' | 'expired'>;
  created_at: Timestamp;
}

export interface BillingWebhookEventsTable {
  event_id: string;
  type: string;
  created: ColumnType<string, string | number, string | number>;
  outcome: string;
  received_at: Timestamp;
}

/** One per account (decision 0022); null answers are not answered yet. */
export interface OnboardingQuestionnairesTable {
  account_key: string;
  business_type: string | null;
  sales_channels: ColumnType<string[], string | undefined, string>;
  selling_countries: ColumnType<string[], string | undefined, string>;
  monthly_order_volume: string | null;
  accounting_system: string | null;
  has_accountant: boolean | null;
  is_multi_currency: boolean | null;
  is_vat_registered: boolean | null;
  registered_country: string | null;
  help_with: ColumnType<string[], string | undefined, string>;
  notes: string | null;
  quick_setup: Generated<boolean>;
  /** The posting settings a quick setup changed at finalize ({ field: value }), null when none. */
  quick_setup_applied: Json;
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: Timestamp;
  finalized_by: string | null;
  finalized_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Migration 0020 (decision 0023): one row per user and event. */
export interface NotificationsTable {
  notification_id: Generated<string>;
  user_id: string;
  account_key: string | null;
  kind: 'send-failed' | 'connection-error' | 'mappings-needed' | 'settlement-inconsistent' | 'invite' | 'auto-sent';
  title: string;
  body: string;
  link_path: string | null;
  /** False: the user wants this kind by mail only; kept out of the list and the count. */
  is_shown_in_app: Generated<boolean>;
  /** The user's choice when the row was written. */
  email_mode: 'off' | 'immediate' | 'daily-digest';
  created_at: Timestamp;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Set when a mail job claims the row: nothing is mailed twice. */
  emailed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** What it is about (migration 0055): the settlement keys whose state decides whether its cause is gone. */
  subjects: ColumnType<string[], string | undefined, string>;
  /** When core's rule found its cause gone, and the sentence that says so (migration 0055). */
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A kind the user changed from core's default (migration 0020). */
export interface NotificationSettingsTable {
  user_id: string;
  kind: NotificationsTable['kind'];
  in_app: boolean;
  email_mode: NotificationsTable['email_mode'];
  updated_at: Timestamp;
}

export interface OrganizationMembershipsTable {
  organization_id: string;
  user_id: string;
  role: string;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  refresh_token_id: Generated<string>;
  user_id: string;
  token_hash: string;
  family_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface AuditLogTable {
  audit_id: Generated<string>;
  actor_user_id: string | null;
  account_key: string | null;
  organization_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before_state: Json;
  after_state: Json;
  created_at: CreatedAt;
}

/** A connection of an account to its accounting system or sales channel / payment source (migration 0002). */
export interface ConnectionsTable {
  connection_id: string;
  account_key: string;
  role: 'accounting' | 'sales-channel' | 'sales-source';
  system: string;
  status: Generated<'PENDING' | 'CONNECTED' | 'DISCONNECTED' | 'ERROR' | 'PROBLEM'>;
  remote_id: string | null;
  remote_name: string | null;
  /** secret-box sealed JSON; never clear text. */
  credentials_sealed: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Amazon's selling region (NA, EU, FE) that decides its SP-API host; null for other channels. */
  region: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: string | null;
  last_error_at: Timestamp | null;
  last_synced_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OauthStatesTable {
  state: string;
  account_key: string;
  user_id: string;
  system: string;
  code_verifier_sealed: string | null;
  redirect_after: string | null;
  /** Amazon: the marketplace the seller picked, for the callback to store its region. */
  marketplace_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface IdempotencyKeysTable {
  idempotency_key: string;
  account_key: string;
  system: string;
  operation: string;
  subject: string;
  state: Generated<'STARTED' | 'DONE' | 'FAILED'>;
  remote_id: string | null;
  result: Json;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Cached AccountingReferenceData (core accounting port) of an account's connected system. */
export interface AccountingReferenceDataTable {
  account_key: string;
  system: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  fetched_at: Timestamp;
}

/** A settlement (migration 0003): spec section 3 fields plus core's normalized header. */
export interface SettlementsTable {
  settlement_key: string;
  account_key: string;
  settlement_id: string;
  sales_source: string;
  format: string;
  marketplace: string | null;
  channel: string;
  gateway: string | null;
  currency: string;
  start_at: Timestamp | null;
  end_at: Timestamp | null;
  deposit_at: Timestamp | null;
  total: Numeric | null;
  status: 'closed' | 'open';
  seller_id: string | null;
  lines_total: Numeric;
  line_count: number;
  inconsistent: Generated<boolean>;
  difference: Generated<string>;
  inconsistency_reason: string | null;
  duplicate_key: string;
  duplicate_of: string | null;
  source_kind: 'file' | 'api';
  source_file: string;
  report_id: string | null;
  import_id: string | null;
  posting_status: Generated<'POSTED' | 'PARTIALLY_POSTED' | 'NOT_POSTED'>;
  posted_to_xero: Generated<boolean>;
  cogs_posting_status: Generated<'POSTED' | 'PARTIALLY_POSTED' | 'NOT_POSTED'>;
  cogs_posted: Generated<boolean>;
  cogs_invoices_total: Numeric | null;
  cogs_currency: string | null;
  all_product_costs_available: Generated<boolean>;
  flags_set: ColumnType<Record<string, boolean>, string | undefined, string>;
  on_hold: Generated<boolean>;
  on_hold_reason: string | null;
  on_hold_date: Timestamp | null;
  /** Why it is held (migration 0004): 'inconsistent' when the account holds inconsistent settlements. */
  on_hold_cause: ColumnType<string | null, string | null | undefined, string | null>;
  hold_released_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  hold_released_by: ColumnType<string | null, string | null | undefined, string | null>;
  taxes_mapped: Generated<boolean>;
  accounts_mapped: Generated<boolean>;
  is_single_order: Generated<boolean>;
  is_deferred_transaction: Generated<boolean>;
  send_state: Generated<'IDLE' | 'QUEUED' | 'SENDING' | 'FAILED'>;
  posting_error: string | null;
  posting_error_at: Timestamp | null;
  search_text: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SettlementLinesTable {
  settlement_key: string;
  line_no: number;
  account_key: string;
  posted_at: Timestamp | null;
  type_key: string;
  order_id: string | null;
  sku: string | null;
  quantity: number | null;
  marketplace: string | null;
  fulfilment_channel: string | null;
  amount: Numeric;
  description: string | null;
  source_file: string | null;
  source_row: number;
}

/** Sum and count of a settlement's lines per type and marketplace, written when it is stored (migration 0010). */
export interface SettlementTypeTotalsTable {
  account_key: string;
  settlement_key: string;
  type_key: string;
  marketplace: string | null;
  amount: Numeric;
  line_count: number;
  /** Migration 0042: the primary key's last part (the table has no natural key: marketplace may be null). */
  row_id: Generated<string>;
}

/**
 * The report rollup (migration 0025, decision 0029): per account, local day of the settlement's end,
 * currency, status, marketplace ('' for none) and type, the sum and count of the lines of original
 * settlements. Kept by triggers when type totals or settlements change; never written by the app.
 */
export interface ReportDayTotalsTable {
  account_key: string;
  local_day: string;
  currency: string;
  status: string;
  marketplace: string;
  type_key: string;
  amount: Numeric;
  /** INT8: read as a string. */
  line_count: ColumnType<string, string | number, string | number>;
}

/** The distinct order ids and SKUs of each settlement (migration 0012): the order search and an account's SKUs read these. */
export interface SettlementRefsTable {
  account_key: string;
  kind: 'order' | 'sku';
  value: string;
  settlement_key: string;
}

/** Per Shopify settlement and order: the order's amounts split by core's orderFigureOf (migration 0023). */
export interface SettlementOrderTotalsTable {
  account_key: string;
  settlement_key: string;
  order_id: string;
  currency: string;
  gross: Numeric;
  fees: Numeric;
  refunds: Numeric;
  other: Numeric;
  net: Numeric;
  line_count: number;
  first_posted_at: Timestamp | null;
}

export interface SettlementImportsTable {
  import_id: string;
  account_key: string;
  user_id: string;
  load_readable: Generated<boolean>;
  status: Generated<'QUEUED' | 'RUNNING' | 'DONE'>;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface SettlementImportFilesTable {
  import_id: string;
  file_index: number;
  account_key: string;
  file_name: string;
  size_bytes: ColumnType<string, string | number, string | number>;
  stored_path: string | null;
  format: string | null;
  status: Generated<'QUEUED' | 'PARSING' | 'STORING' | 'LOADED' | 'PROBLEMS' | 'FAILED'>;
  progress_percent: Generated<number>;
  settlements: ColumnType<unknown[], string | undefined, string>;
  problems: ColumnType<unknown[], string | undefined, string>;
  problems_omitted: Generated<number>;
  message: string | null;
  /** Import jobs started on the file (migration 0011); the attempt that raised it last may store. */
  attempts: Generated<number>;
  /** Keys the current attempt writes lines under, recorded before the first line (migration 0013). */
  lines_keys: Generated<string[]>;
  updated_at: Timestamp;
}

export interface MappingSetsTable {
  account_key: string;
  version: number;
  system: string;
  mapping_set: ColumnType<Record<string, unknown>, string, never>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** One saved version of an account's posting settings (migration 0004). */
/** Settings > PayPal and Amazon Pay (migration 0044): one row per saved version of one source's settings. */
export interface PaymentSourceSettingsTable {
  account_key: string;
  source: 'paypal' | 'amazon-pay';
  version: number;
  settings: ColumnType<Record<string, unknown>, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface PostingSettingsTable {
  account_key: string;
  version: number;
  time_zone_id: string;
  group_by: 'type' | 'sku' | 'product-type' | 'country' | 'fulfilment';
  is_split_by_month: boolean;
  should_split_by_country: boolean;
  is_tracked_by_marketplace: boolean;
  tracking_category_name: string;
  inconsistent_settlements: 'suspense' | 'hold';
  /** A document dated in a closed period: hold the settlement, or move the document to the first open day. */
  period_lock_treatment: ColumnType<'hold' | 'move', 'hold' | 'move' | undefined, never>;
  /** Ordered product type rules: { name, skus, pattern }. */
  product_types: ColumnType<{ name: string; skus: string[]; pattern: string | null }[], string, never>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface SettlementDocumentsTable {
  document_id: string;
  settlement_key: string;
  account_key: string;
  part_index: number;
  part_count: number;
  month: string;
  number: string;
  document_date: string;
  system: string;
  kind: string;
  currency: string;
  total: Numeric;
  mapping_version: string;
  /** The posting settings version it was built with (migration 0004; null before it). */
  settings_version: ColumnType<number | null, number | null | undefined, number | null>;
  status: 'SENDING' | 'POSTED' | 'REVERSED' | 'FAILED';
  idempotency_key: string;
  remote_id: string | null;
  remote_number: string | null;
  remote_type: string | null;
  remote_url: string | null;
  document: ColumnType<Record<string, unknown>, string, string>;
  error: string | null;
  posted_at: Timestamp | null;
  reversed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface LedgerJournalsTable {
  journal_id: string;
  account_key: string;
  journal_date: string;
  number: string;
  description: string;
  currency: string;
  settlement_key: string | null;
  document_id: string | null;
  mapping_version: string | null;
  reverses_id: string | null;
  created_at: CreatedAt;
}

/** The built-in ledger's chart (decision 0058): no rows means core's default chart. */
export interface LedgerAccountsTable {
  account_key: string;
  code: string;
  /** The code in lower case: unique per account, so 'VAT' and 'vat' are one code. */
  code_lower: string;
  name: string;
  kind: 'asset' | 'liability' | 'equity' | 'income' | 'expense';
  path: string;
  role: string | null;
  channel: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  position: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** The built-in ledger's lock: nothing may be dated on or before closed_through ('YYYY-MM-DD'). */
export interface LedgerPeriodLocksTable {
  account_key: string;
  closed_through: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface LedgerTaxRatesTable {
  account_key: string;
  code: string;
  name: string;
  rate_percent: Numeric;
  tax_account_code: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  position: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface LedgerLinesTable {
  journal_id: string;
  line_no: number;
  account_key: string;
  account_code: string;
  side: 'debit' | 'credit';
  amount: Numeric;
  description: string;
}

/** One call started on an accounting connection (migration 0006): windows count started_at, concurrency the live leases. */
export interface ConnectionCallsTable {
  call_id: string;
  connection_key: string;
  started_at: Date;
  lease_until: Date | null;
}

/** A Retry-After one process was told, honoured by every process of the connection. */
export interface ConnectionCallPausesTable {
  connection_key: string;
  paused_until: Date;
}

/** A mailed one-time link (verify email, change email, reset password): the token only as its hash. */
export interface OneTimeLinksTable {
  link_id: Generated<string>;
  user_id: string;
  purpose: 'verify-email' | 'change-email' | 'reset-password';
  token_hash: string;
  /** The address the link was sent to and proves. */
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A sign-up, verification resend or reset request, counted per IP and per email hash (mail-request-limiter.ts). */
export interface MailRequestAttemptsTable {
  attempt_id: Generated<string>;
  kind: string;
  ip: string;
  email_hash: string | null;
  attempted_at: Timestamp;
}

/** One sign-in attempt let through to the password check (sign-in-limiter.ts). */
export interface SignInAttemptsTable {
  attempt_id: Generated<string>;
  /** sha256 of the trimmed, lower-cased email. */
  email_hash: string;
  ip: string;
  attempted_at: Timestamp;
  succeeded: Generated<boolean>;
}

/** A saved reconciliation (migration 0021): what it was asked and its totals. */
export interface ReconciliationReportsTable {
  report_id: string;
  account_key: string;
  kind: 'deposits' | 'orders';
  params: ColumnType<Record<string, unknown>, string, string>;
  totals: ColumnType<Record<string, unknown>, string, string>;
  created_by_user_id: string | null;
  created_at: Timestamp;
}

/** One outcome of a reconciliation; days are 'YYYY-MM-DD' text. */
export interface ReconciliationReportRowsTable {
  report_id: string;
  row_no: number;
  account_key: string;
  kind: 'matched' | 'unmatched-settlement' | 'unmatched-deposit' | 'paid-order' | 'unpaid-order';
  settlement_key: string | null;
  settlement_id: string | null;
  settlement_currency: string | null;
  settlement_amount: string | null;
  settlement_end_date: string | null;
  deposit_row: number | null;
  deposit_date: string | null;
  deposit_amount: string | null;
  deposit_currency: string | null;
  deposit_description: string | null;
  deposit_reference: string | null;
  order_id: string | null;
  date_difference_days: number | null;
  amount_difference: string | null;
  reason: string;
}

/** Settings > Shopify B2B Invoice and Shopify Deferred Revenue (migration 0024); no row: both off. */
export interface ShopifyOrderSettingsTable {
  account_key: string;
  is_b2b_enabled: Generated<boolean>;
  /** The order tag that makes an order B2B (e.g. A2XB2B); null: none. */
  b2b_tag: string | null;
  /** Payment gateways that make an order B2B, one per line ('' none). */
  b2b_gateways: Generated<string>;
  is_deferred_revenue_enabled: Generated<boolean>;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A SKU of a catalog (an organization's, or an account's without one: migration 0026). */
export interface ProductsTable {
  catalog_key: string;
  sku: string;
  title: string | null;
  first_seen_at: Timestamp;
}

/** A SKU's unit cost in one currency from its effective day ('YYYY-MM-DD') on. */
export interface ProductCostsTable {
  catalog_key: string;
  sku: string;
  currency: string;
  effective_date: string;
  unit_cost: Numeric;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** What Shopify says of an order that decides its B2B or deferred mode. */
export interface ShopifyOrdersTable {
  account_key: string;
  order_name: string;
  /** Shopify's tags, comma-separated as the API and exports give them. */
  tags: Generated<string>;
  /** Payment gateway names, one per line. */
  gateways: Generated<string>;
  po_number: string | null;
  customer_name: string | null;
  fulfilled_at: Timestamp | null;
  updated_at: Timestamp;
}

/** A B2B (single-order) settlement's order, PO, customer and the payout it was paid in. */
export interface SingleOrderInvoicesTable {
  account_key: string;
  settlement_key: string;
  order_name: string;
  payout_id: string;
  po_number: string | null;
  customer_name: string | null;
}

/** Per order and currency: net paid, held in the deferred revenue liability, recognised so far. */
export interface DeferredRevenueOrdersTable {
  account_key: string;
  order_name: string;
  currency: string;
  paid: Numeric;
  held: Numeric;
  recognised: Numeric;
  updated_at: Timestamp;
}

export interface ProductBundleComponentsTable {
  catalog_key: string;
  bundle_sku: string;
  component_sku: string;
  quantity: number;
}

export interface PurchaseLotsTable {
  catalog_key: string;
  lot_id: string;
  sku: string;
  currency: string;
  purchased_on: string;
  quantity: number;
  unit_cost: Numeric;
  created_at: CreatedAt;
}

/** Settings > Cost of Goods Sold of an account; no row means core's defaults. */
export interface AccountCogsSettingsTable {
  account_key: string;
  costing_method: 'standard' | 'fifo';
  refund_treatment: 'restock' | 'write-off';
  inventory_account_code: string;
  inventory_account_name: string;
  cogs_account_code: string;
  cogs_account_name: string;
  version: Generated<number>;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A settlement's COGS as last computed by refreshcogs: cells and missing costs with decimal-string amounts. */
export interface SettlementCogsTable {
  settlement_key: string;
  account_key: string;
  method: 'standard' | 'fifo';
  currency: string;
  total: Numeric;
  cells: ColumnType<unknown[], string, string>;
  missing: ColumnType<unknown[], string, string>;
  settings_version: number;
  computed_at: Timestamp;
  /** Migration 0049: the FIFO lock adjustments last planned for this settlement (null: none planned). */
  lock_adjustments: ColumnType<unknown[] | null, string | null | undefined, string | null>;
}

/** An uploaded Amazon Inventory Ledger summary month of an account (decision 0034). */
export interface InventoryReportsTable {
  account_key: string;
  month: string;
  file_name: string;
  row_count: number;
  uploaded_at: Timestamp;
  uploaded_by: string | null;
  /** UPLOAD or SP_API (migration 0050); report_id is Amazon's for a fetched month. */
  source: Generated<string>;
  report_id: string | null;
}

/** An Amazon account's SP-API inventory fetch settings (migration 0050). */
export interface InventoryFetchSettingsTable {
  account_key: string;
  is_monthly_fetch_enabled: Generated<boolean>;
  aggregate_by: Generated<string>;
  marketplace_id: string;
  valuation_currency: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** One fetch of a month's Inventory Ledger summary: QUEUED, REQUESTED (Amazon is preparing it), DONE or FAILED. */
export interface InventoryFetchesTable {
  account_key: string;
  fetch_id: string;
  month: string;
  status: string;
  aggregate_by: string;
  report_id: string | null;
  message: string | null;
  requested_at: Timestamp;
  requested_by: string | null;
  finished_at: Timestamp | null;
}

/** Month-end units of one SKU at one fulfilment centre, with the month's shipments and returns. */
export interface InventoryPositionsTable {
  account_key: string;
  month: string;
  sku: string;
  location: string;
  title: string;
  starting_units: number;
  ending_units: number;
  shipped_units: number;
  returned_units: number;
}

/** Units one order of a settlement took from (or, negative, returned to) one purchase lot. */
export interface SettlementCogsLotsTable {
  settlement_key: string;
  account_key: string;
  catalog_key: string;
  lot_id: string;
  order_id: string | null;
  sku: string;
  units: number;
  /** Migration 0042: the primary key's last part. */
  row_id: Generated<string>;
  /** Migration 0049: the local month 'YYYY-MM' of the take (null: taken before 0049). */
  month: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 0049: what a posted COGS journal part of a FIFO account expensed per month (decision 0049). */
export interface CogsFifoPostedCostsTable {
  account_key: string;
  document_id: string;
  month: string;
  settlement_key: string;
  currency: string;
  kind: 'cost' | 'adjustment';
  cost: Numeric;
  posted_at: Timestamp;
}

/** A posted (or being posted) COGS journal part of a settlement, like settlement_documents. */
export interface SettlementCogsDocumentsTable {
  document_id: string;
  settlement_key: string;
  account_key: string;
  part_index: number;
  part_count: number;
  month: string;
  number: string;
  document_date: string;
  system: string;
  kind: string;
  currency: string;
  total: Numeric;
  status: 'SENDING' | 'POSTED' | 'REVERSED' | 'FAILED';
  idempotency_key: string;
  remote_id: string | null;
  remote_number: string | null;
  document: ColumnType<Record<string, unknown>, string, string>;
  error: string | null;
  posted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** PayPal Transaction Search rows as received by the account's fetches (migration 0046, decision 0046). */
export interface PaypalTransactionsTable {
  account_key: string;
  transaction_id: string;
  initiated_at: Timestamp;
  event_code: string;
  status: string;
  currency: string;
  gross: Numeric | null;
  fee: Numeric | null;
  raw: ColumnType<Record<string, unknown>, string, string>;
  fetched_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  identity_links: IdentityLinksTable;
  user_permissions: UserPermissionsTable;
  user_feature_flags: UserFeatureFlagsTable;
  user_application_preferences: UserApplicationPreferencesTable;
  organizations: OrganizationsTable;
  organization_features: OrganizationFeaturesTable;
  accounts: AccountsTable;
  account_features: AccountFeaturesTable;
  account_feature_flags: AccountFeatureFlagsTable;
  account_memberships: AccountMembershipsTable;
  organization_memberships: OrganizationMembershipsTable;
  account_invites: AccountInvitesTable;
  account_access_requests: AccountAccessRequestsTable;
  client_events: ClientEventsTable;
  account_automation: AccountAutomationTable;
  account_status_summary: AccountStatusSummaryTable;
  tax_settings: TaxSettingsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_accounts: TeamAccountsTable;
  firm_invites: FirmInvitesTable;
  clarity_analyses: ClarityAnalysesTable;
  clarity_documents: ClarityDocumentsTable;
  shopify_order_settings: ShopifyOrderSettingsTable;
  shopify_orders: ShopifyOrdersTable;
  single_order_invoices: SingleOrderInvoicesTable;
  deferred_revenue_orders: DeferredRevenueOrdersTable;
  onboarding_questionnaires: OnboardingQuestionnairesTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  connections: ConnectionsTable;
  oauth_states: OauthStatesTable;
  idempotency_keys: IdempotencyKeysTable;
  accounting_reference_data: AccountingReferenceDataTable;
  connection_calls: ConnectionCallsTable;
  connection_call_pauses: ConnectionCallPausesTable;
  sign_in_attempts: SignInAttemptsTable;
  one_time_links: OneTimeLinksTable;
  mail_request_attempts: MailRequestAttemptsTable;
  settlements: SettlementsTable;
  settlement_lines: SettlementLinesTable;
  settlement_type_totals: SettlementTypeTotalsTable;
  settlement_refs: SettlementRefsTable;
  settlement_order_totals: SettlementOrderTotalsTable;
  report_day_totals: ReportDayTotalsTable;
  settlement_imports: SettlementImportsTable;
  settlement_import_files: SettlementImportFilesTable;
  mapping_sets: MappingSetsTable;
  posting_settings: PostingSettingsTable;
  payment_source_settings: PaymentSourceSettingsTable;
  settlement_documents: SettlementDocumentsTable;
  ledger_journals: LedgerJournalsTable;
  ledger_lines: LedgerLinesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_tax_rates: LedgerTaxRatesTable;
  ledger_period_locks: LedgerPeriodLocksTable;
  reconciliation_reports: ReconciliationReportsTable;
  reconciliation_report_rows: ReconciliationReportRowsTable;
  billing_plans: BillingPlansTable;
  billing_plan_prices: BillingPlanPricesTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_subscription_accounts: BillingSubscriptionAccountsTable;
  billing_checkout_sessions: BillingCheckoutSessionsTable;
  billing_webhook_events: BillingWebhookEventsTable;
  products: ProductsTable;
  product_costs: ProductCostsTable;
  product_bundle_components: ProductBundleComponentsTable;
  purchase_lots: PurchaseLotsTable;
  account_cogs_settings: AccountCogsSettingsTable;
  settlement_cogs: SettlementCogsTable;
  settlement_cogs_lots: SettlementCogsLotsTable;
  cogs_fifo_posted_costs: CogsFifoPostedCostsTable;
  settlement_cogs_documents: SettlementCogsDocumentsTable;
  inventory_reports: InventoryReportsTable;
  inventory_positions: InventoryPositionsTable;
  inventory_fetch_settings: InventoryFetchSettingsTable;
  inventory_fetches: InventoryFetchesTable;
  paypal_transactions: PaypalTransactionsTable;
}
