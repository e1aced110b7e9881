/**
 * Writes a settlement as an Amazon Flat File V2 report in a marketplace's layout (dates, decimal
 * separator). Used by the round-trip property tests and the benchmark's data generator; row by row so
 * a generator can stream a million lines. Text fields must not contain tabs or line breaks (Amazon
 * does not quote, and neither do we).
 */
import { getMinorDigits } from '../../money/currencies';
import { formatUnits } from '../../money/money';
import type { Settlement, SettlementHeader, SettlementLine } from '../../settlements/model';
import { formatAmazonDate, type AmazonLocale } from './amazon-locale';
import { AMAZON_V2_HEADER } from './amazon-v2-columns';

export interface AmazonV2WriteOptions {
  locale: AmazonLocale;
  /** Newer files have a 24th column, promotion-id. */
  hasPromotionId: boolean;
}

const EMPTY_SETTLEMENT_COLUMNS = ['', '', '', '', ''];

/**
 * Columns of a detail row that the normalized line does not carry (Amazon's own references); written
 * empty unless given, e.g. by the benchmark generator to make rows as long as real ones.
 */
export interface AmazonV2DetailReferences {
  merchantOrderId?: string;
  adjustmentId?: string;
  shipmentId?: string;
  orderItemCode?: string;
  merchantOrderItemId?: string;
  merchantAdjustmentItemId?: string;
  promotionId?: string;
}

export function formatAmazonV2Amount(units: bigint, currency: string, locale: AmazonLocale): string {
  const text = formatUnits(units, getMinorDigits(currency));
  return locale.decimalSeparator === ',' ? text.replace('.', ',') : text;
}

export function formatAmazonV2HeaderRow(options: AmazonV2WriteOptions): string {
  return (options.hasPromotionId ? AMAZON_V2_HEADER : AMAZON_V2_HEADER.slice(0, -1)).join('\t');
}

export function formatAmazonV2SummaryRow(header: SettlementHeader, options: AmazonV2WriteOptions): string {
  const date = (ms: number | null) => (ms === null ? '' : formatAmazonDate(ms, options.locale.dateStyle, true));
  const total = header.total === null ? '' : formatAmazonV2Amount(header.total, header.currency, options.locale);
  const fields = [header.settlementId, date(header.startDate), date(header.endDate), date(header.depositDate), total, header.currency];
  const width = options.hasPromotionId ? 24 : 23;
  while (fields.length < width) fields.push('');
  return fields.join('\t');
}

export function formatAmazonV2DetailRow(
  settlementId: string,
  currency: string,
  line: SettlementLine,
  options: AmazonV2WriteOptions,
  references: AmazonV2DetailReferences = {},
): string {
  const [type = '', amountType = '', description = ''] = line.typeKey.split('|');
  const style = options.locale.dateStyle;
  const fields = [
    settlementId, ...EMPTY_SETTLEMENT_COLUMNS,
    type, line.orderId ?? '', references.merchantOrderId ?? '', references.adjustmentId ?? '', references.shipmentId ?? '',
    line.marketplace ?? '', amountType, description,
    formatAmazonV2Amount(line.amount, currency, options.locale),
    line.fulfilmentChannel ?? '',
    line.postedAt === null ? '' : formatAmazonDate(line.postedAt, style, false),
    line.postedAt === null ? '' : formatAmazonDate(line.postedAt, style, true),
    references.orderItemCode ?? '', references.merchantOrderItemId ?? '', references.merchantAdjustmentItemId ?? '',
    line.sku ?? '', line.quantity === null ? '' : String(line.quantity),
  ];
  if (options.hasPromotionId) fields.push(references.promotionId ?? '');
  return fields.join('\t');
}

/** The whole report as text (header, summary row, one row per line), lines ending in '\n'. */
export function writeAmazonV2(settlement: Settlement, options: AmazonV2WriteOptions): string {
  const rows = [formatAmazonV2HeaderRow(options), formatAmazonV2SummaryRow(settlement, options)];
  for (const line of settlement.lines) rows.push(formatAmazonV2DetailRow(settlement.settlementId, settlement.currency, line, options));
  return `${rows.join('\n')}\n`;
}
