/**
 * The ordered list of migrations, imported statically so that tsx, vitest and a future bundle all
 * see the same set (no directory scanning). Names sort in application order.
 */
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-connections';
import * as m0003 from './0003-settlements';
import * as m0004 from './0004-posting-settings';
import * as m0005 from './0005-settlement-list-index';
import * as m0006 from './0006-connection-call-budget';
import * as m0007 from './0007-settlement-lines-type-index';
import * as m0008 from './0008-membership-view-only-role';
import * as m0009 from './0009-sign-in-attempts';
import * as m0010 from './0010-settlement-type-totals';
import * as m0011 from './0011-import-file-attempts';
import * as m0012 from './0012-settlement-refs';
import * as m0013 from './0013-import-file-lines-keys';
import * as m0014 from './0014-sign-up-and-mail';
import * as m0015 from './0015-settlement-documents-account-index';
import * as m0017 from './0017-account-redaction';
import * as m0018 from './0018-account-invites';
import * as m0019 from './0019-onboarding-questionnaire';
import * as m0020 from './0020-notifications';
import * as m0021 from './0021-reconciliation-reports';
import * as m0022 from './0022-account-automation';
import * as m0023 from './0023-settlement-order-totals';
import * as m0024 from './0024-shopify-order-modes';
import * as m0025 from './0025-report-day-totals';
import * as m0026 from './0026-cost-of-goods-sold';
import * as m0028 from './0028-billing';
import * as m0033 from './0033-backend-inconsistent-index';
import * as m0034 from './0034-inventory';
import * as m0035 from './0035-account-status-summary';
import * as m0036 from './0036-tax-settings';
import * as m0037 from './0037-clarity';
import * as m0038 from './0038-teams';
import * as m0042 from './0042-account-key-in-every-key';
import * as m0044 from './0044-payment-source-settings';
import * as m0046 from './0046-paypal-transactions';
import * as m0048 from './0048-firm-invites';
import * as m0049 from './0049-fifo-lock';
import * as m0050 from './0050-inventory-fetch';
import * as m0051 from './0051-built-in-ledger-chart';
import * as m0055 from './0055-search-history-resolve';
import * as m0056 from './0056-period-locks';
import * as m0058 from './0058-amazon-regions-new-fee-types';
import * as m0059 from './0059-identity-links';
import * as m0060 from './0060-access-requests';
import * as m0064 from './0064-client-events';
import * as m0065 from './0065-card-holder-name';

export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-connections': m0002,
  '0003-settlements': m0003,
  '0004-posting-settings': m0004,
  '0005-settlement-list-index': m0005,
  '0006-connection-call-budget': m0006,
  '0007-settlement-lines-type-index': m0007,
  '0008-membership-view-only-role': m0008,
  '0009-sign-in-attempts': m0009,
  '0010-settlement-type-totals': m0010,
  '0011-import-file-attempts': m0011,
  '0012-settlement-refs': m0012,
  '0013-import-file-lines-keys': m0013,
  '0014-sign-up-and-mail': m0014,
  '0015-settlement-documents-account-index': m0015,
  '0017-account-redaction': m0017,
  '0018-account-invites': m0018,
  '0019-onboarding-questionnaire': m0019,
  '0020-notifications': m0020,
  '0021-reconciliation-reports': m0021,
  '0022-account-automation': m0022,
  '0023-settlement-order-totals': m0023,
  '0024-shopify-order-modes': m0024,
  '0025-report-day-totals': m0025,
  '0026-cost-of-goods-sold': m0026,
  '0028-billing': m0028,
  '0033-backend-inconsistent-index': m0033,
  '0034-inventory': m0034,
  '0035-account-status-summary': m0035,
  '0036-tax-settings': m0036,
  '0037-clarity': m0037,
  '0038-teams': m0038,
  '0042-account-key-in-every-key': m0042,
  '0044-payment-source-settings': m0044,
  '0046-paypal-transactions': m0046,
  '0048-firm-invites': m0048,
  '0049-fifo-lock': m0049,
  '0050-inventory-fetch': m0050,
  '0051-built-in-ledger-chart': m0051,
  '0055-search-history-resolve': m0055,
  '0056-period-locks': m0056,
  '0058-amazon-regions-new-fee-types': m0058,
  '0059-identity-links': m0059,
  '0060-access-requests': m0060,
  '0064-client-events': m0064,
  '0065-card-holder-name': m0065,
};
