/**
 * The organization a Clarity call is about, as the caller reaches it (decision 0037): core's
 * clarityAccessLevel decides from the caller's organization roles and firm; a caller it refuses gets
 * the same not-found as an organization that does not exist, so nobody learns another
 * organization's ids.
 */
import { sql, type Kysely } from 'kysely';
import type { SalesChannel } from '@ledgerport/contract';
import {
  canChangeClarityDocuments,
  canUseNewAnalysis,
  clarityAccessLevel,
  type ClarityReach,
} from '@ledgerport/core/clarity';
import type { AccessLevel } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';

export interface ClarityAccount {
  accountKey: string;
  name: string;
  salesChannel: SalesChannel;
}

export interface ClarityOrganization {
  organizationId: string;
  name: string;
  /** The partner code of the organization's accounting firm, null when it has none. */
  firmCode: string | null;
  level: AccessLevel;
  canUseNewAnalysis: boolean;
  canChangeDocuments: boolean;
  /** The caller is the firm itself (or a root admin): may change the firm's documents. */
  canChangeFirmDocuments: boolean;
  accounts: ClarityAccount[];
}

export const organizationNotFound = (organizationId: string) =>
  new AppError('organization.not-found', `There is no organization "${organizationId}" that you can open.`, {
    organizationId,
  });

export async function getClarityOrganization(
  db: Kysely<Database>,
  caller: Caller,
  organizationId: string,
): Promise<ClarityOrganization> {
  const org = await db
    .selectFrom('organizations')
    .select(['organization_id', 'name', 'partner_code'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!org) throw organizationNotFound(organizationId);
  const roles = await db
    .selectFrom('organization_memberships')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', caller.userId)
    .execute();
  const firmAccounts = caller.partnerCode
    ? await db
        .selectFrom('accounts')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('organization_id', '=', organizationId)
        .where('partner_code', '=', caller.partnerCode)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const isOrgFirm = caller.partnerCode !== null && org.partner_code === caller.partnerCode;
  const reach: ClarityReach = {
    organizationRoles: roles.map((r) => r.role),
    isFirm: isOrgFirm || firmAccounts.n > 0,
  };
  const level = clarityAccessLevel(caller, reach);
  if (level === null) throw organizationNotFound(organizationId);
  const features = await db
    .selectFrom('organization_features')
    .select('feature')
    .where('organization_id', '=', organizationId)
    .execute();
  // A firm that reaches the organization only through some of its accounts sees those accounts alone.
  const isWhole = caller.rootAdmin || isOrgFirm || roles.length > 0;
  let q = db
    .selectFrom('accounts')
    .select(['account_key', 'account_name', 'sales_channel'])
    .where('organization_id', '=', organizationId)
    .orderBy(sql`lower(account_name)`)
    .orderBy('account_key');
  if (!isWhole) q = q.where('partner_code', '=', caller.partnerCode);
  const accounts = await q.execute();
  return {
    organizationId,
    name: org.name,
    firmCode: org.partner_code,
    level,
    canUseNewAnalysis: canUseNewAnalysis(
      caller,
      reach,
      features.map((f) => f.feature),
    ),
    canChangeDocuments: canChangeClarityDocuments(caller, reach),
    canChangeFirmDocuments: canChangeClarityDocuments(caller, reach) && (caller.rootAdmin || isOrgFirm),
    accounts: accounts.map((a) => ({
      accountKey: a.account_key,
      name: a.account_name,
      salesChannel: a.sales_channel as SalesChannel,
    })),
  };
}

/** Refuses a caller whose level in the organization is below what the call needs. */
export function assertClarityAllowed(allowed: boolean, what: string): void {
  if (!allowed)
    throw new AppError(
      'auth.forbidden',
      `You cannot ${what} in this organization's Clarity. Ask an administrator of the organization.`,
    );
}
