/**
 * Inventory reads (decision 0034): the month's stored positions valued on read at the catalog's
 * standard cost effective on the month's last day, by SKU and by fulfilment centre, and the month's
 * movement reconciled against the COGS posted. Values are computed, never stored: a cost fixed in
 * Cost Admin shows at once.
 */
import type { FastifyInstance } from 'fastify';
import { getInventoryLocations, getInventoryReconciliation, getInventorySummary } from '@ledgerport/contract';
import { createStandardCostLookup } from '@ledgerport/core/cogs';
import { monthEndDate, reconcileInventory, valueInventory } from '@ledgerport/core/inventory';
import { formatUnits } from '@ledgerport/core/money';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { readCosts } from '../cogs/product-catalog-repository';
import { getInventoryAccount } from './inventory-account';
import { findInventoryReport, listInventoryReports, readInventoryPositions, sumCogsPosted } from './inventory-repository';

const money = (v: bigint | null) => (v === null ? null : formatUnits(v));

export function registerInventoryRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, getInventorySummary, async ({ caller, query }) => {
    const account = await getInventoryAccount(db, caller, query.accountKey, query.currency);
    const lookup = createStandardCostLookup(await readCosts(db, account.catalogKey, account.currency), account.currency);
    const report = await findInventoryReport(db, account.accountKey, query.month);
    const reports = await listInventoryReports(db, account.accountKey);
    const months = reports.map((r) => r.month);
    const positions = await readInventoryPositions(db, account.accountKey, months.includes(query.month) ? months : [...months, query.month]);
    const valued = new Map([...positions].map(([m, p]) => [m, valueInventory(p, lookup, m, account.currency)]));
    const v = valued.get(query.month)!;
    return {
      accountKey: account.accountKey,
      month: query.month,
      valuedOn: v.valuedOn,
      currency: account.currency,
      hasReport: report !== undefined,
      fileName: report?.file_name ?? null,
      uploadedAt: report?.uploaded_at.toISOString() ?? null,
      source: report ? (report.source === 'SP_API' ? ('SP_API' as const) : ('UPLOAD' as const)) : null,
      reportId: report?.report_id ?? null,
      units: v.units,
      value: formatUnits(v.value),
      skus: v.skus.map((s) => ({ ...s, unitCost: money(s.unitCost), value: money(s.value), isMissingCost: s.unitCost === null })),
      missing: v.missing,
      months: reports.map((r) => {
        const mv = valued.get(r.month)!;
        const source = r.source === 'SP_API' ? ('SP_API' as const) : ('UPLOAD' as const);
        return { month: r.month, units: mv.units, value: formatUnits(mv.value), missingCostCount: mv.missing.length, source, storedAt: r.uploaded_at.toISOString() };
      }),
    };
  });

  addRoute(app, deps, getInventoryLocations, async ({ caller, query }) => {
    const account = await getInventoryAccount(db, caller, query.accountKey, query.currency);
    const lookup = createStandardCostLookup(await readCosts(db, account.catalogKey, account.currency), account.currency);
    const report = await findInventoryReport(db, account.accountKey, query.month);
    const positions = (await readInventoryPositions(db, account.accountKey, [query.month])).get(query.month)!;
    const v = valueInventory(positions, lookup, query.month, account.currency);
    return {
      accountKey: account.accountKey,
      month: query.month,
      valuedOn: monthEndDate(query.month),
      currency: account.currency,
      hasReport: report !== undefined,
      units: v.units,
      value: formatUnits(v.value),
      locations: v.locations.map((l) => ({ ...l, value: formatUnits(l.value) })),
    };
  });

  addRoute(app, deps, getInventoryReconciliation, async ({ caller, query }) => {
    const account = await getInventoryAccount(db, caller, query.accountKey, query.currency);
    const lookup = createStandardCostLookup(await readCosts(db, account.catalogKey, account.currency), account.currency);
    const report = await findInventoryReport(db, account.accountKey, query.month);
    const positions = (await readInventoryPositions(db, account.accountKey, [query.month])).get(query.month)!;
    const posted = await sumCogsPosted(db, account.accountKey, query.month, account.currency);
    const r = reconcileInventory(positions, lookup, query.month, account.currency, posted);
    return {
      accountKey: account.accountKey,
      month: query.month,
      currency: account.currency,
      hasReport: report !== undefined,
      shippedUnits: r.shippedUnits,
      returnedUnits: r.returnedUnits,
      movementCost: formatUnits(r.movementCost),
      cogsPosted: formatUnits(r.cogsPosted),
      difference: formatUnits(r.difference),
      skus: r.skus.map((s) => ({ ...s, unitCost: money(s.unitCost), movementCost: money(s.movementCost) })),
      missing: r.missing,
    };
  });
}
