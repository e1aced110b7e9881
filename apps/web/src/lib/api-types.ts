/**
 * The API shapes the web uses: types only, inferred from the zod schemas in packages/contract, so
 * no shape is written twice and no zod code reaches the web bundle.
 */
export type {
  Account,
  AccountFeatures,
  AccountSummary,
  AccountingSystem,
  AuthUser,
  ErrorBody,
  HasAdminPermissions,
  Organization,
  SalesChannel,
  TokenSet,
  UserApplicationPreferences,
  UserMeta,
  UserProfile,
  UserStatus,
  WhatsNewEntry,
} from '@ledgerport/contract';
