/**
 * Shopify reports (issue 18): the Finance Report (/shopify/financereport), its drill-down to the
 * settlements and types behind a figure, the Gift Card Report (/shopify/giftcards), and the order
 * report with one order's detail (/shopify/order, /shopify/order/{orderId}). Every figure is a
 * decimal string; every figure comes from the totals stored with each settlement (decision 0027).
 */
import { z } from 'zod';
import { FINANCE_FIGURES, ORDER_STATUSES } from '@ledgerport/core/reports';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { isoDateSchema } from './iso-date';
import { safeTextSchema } from './safe-text';
import { paginationSchema } from './settlements';
import { reportRangeFields, reportRangeQuery, reportSettlementCountFields } from './report-range';

/** The longest range one Shopify report covers (ten years, like the Summary Report). */
export const SHOPIFY_REPORT_DAYS_MAX = 3660;

const amount = z.string();
const figureTotals = z.record(z.string(), amount);

export const financeReportSchema = z
  .object({
    ...reportRangeFields,
    ...reportSettlementCountFields,
    currencies: z.array(
      z.object({
        currency: z.string(),
        figures: figureTotals,
        net: amount,
        payouts: amount,
        payoutCount: z.number().int(),
        months: z.array(z.object({ month: z.string(), figures: figureTotals, net: amount, payouts: amount, payoutCount: z.number().int() })),
        types: z.array(z.object({ typeKey: z.string(), label: z.string(), figure: z.string(), total: amount, lineCount: z.number().int() })),
      }),
    ),
  })
  .meta({ id: 'ShopifyFinanceReport' });
export type FinanceReportBody = z.infer<typeof financeReportSchema>;

export const getShopifyFinanceReport = defineEndpoint({
  method: 'GET',
  url: '/shopify/finance-report',
  summary: "A Shopify account's closed payouts ending between start and end (its time zone), by figure and month, per currency.",
  tag: 'reports',
  access: 'user',
  effect: 'read',
  planFeature: 'PREMIUM_REPORTS',
  querystring: z.strictObject(reportRangeQuery),
  response: financeReportSchema,
});

/** What a figure of the Shopify reports can drill into: a finance figure, gift cards redeemed, or everything (net). */
export const DRILL_FIGURES = [...FINANCE_FIGURES, 'giftCardsRedeemed', 'net'] as const;

export const figureSourcesSchema = z
  .object({
    figure: z.string(),
    currency: z.string(),
    total: amount,
    settlements: z.array(
      z.object({
        settlementKey: z.string(),
        settlementId: z.string(),
        endDate: z.string().nullable(),
        total: amount.nullable(),
        amount,
        types: z.array(z.object({ typeKey: z.string(), label: z.string(), amount, lineCount: z.number().int() })),
      }),
    ),
    pagination: paginationSchema,
  })
  .meta({ id: 'ShopifyFigureSources' });
export type FigureSourcesBody = z.infer<typeof figureSourcesSchema>;

export const getShopifyFigureSources = defineEndpoint({
  method: 'GET',
  url: '/shopify/finance-report/sources',
  summary: 'Drill-down: the settlements (and their transaction types) a Shopify report figure adds up, a page at a time; each type opens its source lines through /settlement/lines.',
  tag: 'reports',
  access: 'user',
  effect: 'read',
  planFeature: 'PREMIUM_REPORTS',
  querystring: z.strictObject({
    ...reportRangeQuery,
    figure: z.enum(DRILL_FIGURES, { error: `figure must be one of ${DRILL_FIGURES.join(', ')}.` }),
    currency: safeTextSchema.trim().regex(/^[A-Z]{3}$/, 'currency must be a three-letter code like USD.'),
    month: z.string().regex(/^\d{4}-\d{2}$/, 'month must look like 2026-11.').optional(),
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(100, 'size must be at most 100.').default(25),
  }),
  response: figureSourcesSchema,
});

export const giftCardReportSchema = z
  .object({
    ...reportRangeFields,
    currencies: z.array(
      z.object({
        currency: z.string(),
        opening: amount,
        issued: amount,
        redeemed: amount,
        closing: amount,
        months: z.array(z.object({ month: z.string(), issued: amount, redeemed: amount, outstandingEnd: amount, issuedCount: z.number().int(), redeemedCount: z.number().int() })),
      }),
    ),
  })
  .meta({ id: 'ShopifyGiftCardReport' });
export type GiftCardReportBody = z.infer<typeof giftCardReportSchema>;

export const getShopifyGiftCardReport = defineEndpoint({
  method: 'GET',
  url: '/shopify/gift-cards',
  summary: "A Shopify account's gift cards sold and redeemed by month in its closed payouts, and the outstanding liability at each month's end.",
  tag: 'reports',
  access: 'user',
  effect: 'read',
  planFeature: 'PREMIUM_REPORTS',
  querystring: z.strictObject(reportRangeQuery),
  response: giftCardReportSchema,
});

export const ORDER_SORTS = ['date', 'orderId', 'gross', 'fees', 'refunds', 'net'] as const;

const orderSummary = z.object({
  orderId: z.string(),
  date: z.string().nullable(),
  currency: z.string(),
  gross: amount,
  fees: amount,
  refunds: amount,
  other: amount,
  net: amount,
  status: z.enum(ORDER_STATUSES),
  payouts: z.array(z.object({ settlementKey: z.string(), settlementId: z.string() })),
});
export type OrderSummaryBody = z.infer<typeof orderSummary>;

export const listShopifyOrders = defineEndpoint({
  method: 'GET',
  url: '/shopify/orders',
  summary: "The orders seen in a Shopify account's payouts with their gross, fees, refunds, net, payouts and status; searched by order id, filtered by first date and status, sorted.",
  tag: 'reports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({
    accountKey: accountKeySchema,
    search: safeTextSchema.trim().max(100, 'search must be at most 100 characters.').optional(),
    start: isoDateSchema.optional(),
    end: isoDateSchema.optional(),
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
    sort: z.enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}.` }).default('date'),
    direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc.' }).default('desc'),
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(100, 'size must be at most 100.').default(25),
  }),
  response: z.object({ orders: z.array(orderSummary), pagination: paginationSchema }).meta({ id: 'ShopifyOrderList' }),
});

export const orderDetailSchema = z
  .object({
    order: orderSummary,
    settlements: z.array(z.object({ settlementKey: z.string(), settlementId: z.string(), status: z.string(), depositDate: z.string().nullable(), total: amount.nullable(), amount })),
    lines: z.array(
      z.object({
        settlementKey: z.string(),
        settlementId: z.string(),
        lineNo: z.number().int(),
        postedAt: z.string().nullable(),
        typeKey: z.string(),
        label: z.string(),
        figure: z.string(),
        amount,
        description: z.string().nullable(),
        sourceFile: z.string().nullable(),
        sourceRow: z.number().int(),
      }),
    ),
    /** True when the order has more lines than one answer holds (the first ones are listed). */
    isTruncated: z.boolean(),
  })
  .meta({ id: 'ShopifyOrderDetail' });
export type OrderDetailBody = z.infer<typeof orderDetailSchema>;

export const getShopifyOrder = defineEndpoint({
  method: 'GET',
  url: '/shopify/order',
  summary: 'One order of a Shopify account: every line, fee, refund and payout it touched, with their source rows.',
  tag: 'reports',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey: accountKeySchema, orderId: safeTextSchema.trim().min(1, 'The orderId is missing.').max(200, 'The orderId is too long.') }),
  response: orderDetailSchema,
});
