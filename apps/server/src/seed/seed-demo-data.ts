import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../audit/record-audit';
import { hashPassword } from '../features/auth/passwords';
import { DEMO_PASSWORD, demoAccounts, demoOrganizations, demoUsers } from './demo-data';
import { parseDemoSettlements, storeDemoSettlements } from './seed-demo-settlements';
import { seedDemoShopifyOrders } from './seed-demo-shopify-orders';
import { wireEvents } from '../wire-events';

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  const account = await db.selectFrom('accounts').select('account_key').limit(1).executeTakeFirst();
  return !row && !account;
}

/** Inserts the demo data in one transaction. Refuses a database that already has users or accounts. */
export async function seedDemoData(db: Kysely<Database>, now: Date): Promise<void> {
  // Storing the demo settlements has the same after-effects as any other store (decision 0051).
  wireEvents();
  if (!(await isDatabaseEmpty(db))) throw new Error('The database already holds users or accounts; the demo data is only loaded into an empty database.');
  const passwordHashes = await Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));
  const settlements = await parseDemoSettlements();
  await db.transaction().execute(async (trx) => {
    for (const org of demoOrganizations) {
      await trx
        .insertInto('organizations')
        .values({ organization_id: org.id, name: org.name, clarity_organization_id: org.clarityOrganizationId, partner_code: org.partnerCode, created_at: now, updated_at: now })
        .execute();
      for (const feature of org.features) await trx.insertInto('organization_features').values({ organization_id: org.id, feature }).execute();
    }
    for (const a of demoAccounts) {
      await trx
        .insertInto('accounts')
        .values({
          account_key: a.key,
          account_name: a.name,
          account_status: 'ACTIVE',
          accounting_system: a.accountingSystem,
          accounting_system_connected: a.accountingConnected,
          accounting_system_organization_name: a.accountingOrganizationName,
          partner_code: a.partnerCode,
          plan_code: a.planCode,
          plan_amount: a.planAmount,
          subscribed_at: a.planCode ? now : null,
          sales_channel: a.channel,
          sales_channel_connected: a.channelConnected,
          sales_channel_store_name: a.storeName,
          time_zone_id: a.timeZoneId,
          organization_id: a.organizationId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('account_features')
        .values({
          account_key: a.key,
          enable_amazon_pay: a.features.enableAmazonPay ?? false,
          cogs_enabled: a.features.cogsEnabled ?? false,
          premium: a.features.premium ?? false,
          show_gift_cards: a.features.showGiftCards ?? false,
          is_demo_account: true,
        })
        .execute();
      for (const flag of a.flags) await trx.insertInto('account_feature_flags').values({ account_key: a.key, flag, created_at: now }).execute();
    }
    for (const [i, u] of demoUsers.entries()) {
      await trx
        .insertInto('users')
        .values({
          user_id: u.userId,
          email: u.email,
          name: u.name,
          password_hash: passwordHashes[i] ?? '',
          partner_code: u.partnerCode ?? null,
          partner_role: u.partnerCode ? (u.partnerRole ?? 'admin') : null,
          root_admin: u.rootAdmin ?? false,
          support_admin: u.supportAdmin ?? false,
          current_account_key: u.currentAccountKey,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const permission of u.permissions ?? []) await trx.insertInto('user_permissions').values({ user_id: u.userId, permission }).execute();
      for (const o of u.organizations) {
        await trx.insertInto('organization_memberships').values({ organization_id: o.id, user_id: u.userId, role: o.role, created_at: now }).execute();
      }
      for (const a of u.accounts) {
        await trx.insertInto('account_memberships').values({ account_key: a.key, user_id: u.userId, role: a.role, created_at: now }).execute();
      }
    }
    await seedDemoShopifyOrders(trx, now);
    await storeDemoSettlements(trx, settlements, now);
    await recordAudit(trx, {
      actorUserId: null,
      action: 'system.demo-data-seeded',
      entityType: 'installation',
      entityId: 'demo',
      after: { organizations: demoOrganizations.length, accounts: demoAccounts.length, users: demoUsers.length },
      at: now,
    });
  });
}
