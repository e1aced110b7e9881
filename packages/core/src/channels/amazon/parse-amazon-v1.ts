/**
 * Legacy Amazon settlement report, Flat File v1 (GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE), for
 * historical imports. 36 columns, or 33 without promotion-*; dates ISO 8601 with offset. A row can hold
 * several amounts (an ad cost in item-related-fee-amount and its tax in other-fee-amount), so every
 * `*-amount` column of a row is read (formats.md §1.3): each non-empty one becomes a line, keyed with
 * Amazon's published v1 -> V2 mapping so both layouts share one catalogue. The total of a v1 file is the
 * sum of every *-amount column of every detail row. A row with no amount at all (the quantity row of an
 * order line) is kept as a zero line so no row is dropped.
 */
import { parseDecimalUnits } from '../../money/money';
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio, type ColumnSpec } from '../shared/column-map';
import { parseDateTime } from '../shared/parse-date-time';
import { readAmazonSettlementFile, type AmazonFileFormat } from './amazon-settlement-reader';
import { parseQuantity } from './parse-amazon-v2';

const name = (n: string) => [n] as const;
export const AMAZON_V1_COLUMNS = {
  settlementId: name('settlement-id'), startDate: name('settlement-start-date'), endDate: name('settlement-end-date'),
  depositDate: name('deposit-date'), totalAmount: name('total-amount'), currency: name('currency'),
  transactionType: name('transaction-type'), orderId: name('order-id'), merchantOrderId: name('merchant-order-id'),
  adjustmentId: name('adjustment-id'), shipmentId: name('shipment-id'), marketplaceName: name('marketplace-name'),
  shipmentFeeType: name('shipment-fee-type'), shipmentFeeAmount: name('shipment-fee-amount'),
  orderFeeType: name('order-fee-type'), orderFeeAmount: name('order-fee-amount'), fulfillmentId: name('fulfillment-id'),
  postedDate: name('posted-date'), orderItemCode: name('order-item-code'), sku: name('sku'),
  quantityPurchased: name('quantity-purchased'), priceType: name('price-type'), priceAmount: name('price-amount'),
  itemRelatedFeeType: name('item-related-fee-type'), itemRelatedFeeAmount: name('item-related-fee-amount'),
  miscFeeAmount: name('misc-fee-amount'), otherFeeAmount: name('other-fee-amount'),
  otherFeeReasonDescription: name('other-fee-reason-description'), promotionId: name('promotion-id'),
  promotionType: name('promotion-type'), promotionAmount: name('promotion-amount'),
  directPaymentType: name('direct-payment-type'), directPaymentAmount: name('direct-payment-amount'),
  otherAmount: name('other-amount'),
} as const satisfies ColumnSpec<string>;
type V1Column = keyof typeof AMAZON_V1_COLUMNS;

/** Header order of the 36-column layout (the 33-column one lacks the three promotion-* columns). */
export const AMAZON_V1_HEADER: readonly string[] = Object.values(AMAZON_V1_COLUMNS).map((n) => n[0]);

/** v1 transaction types that are FBA inventory reimbursements (V2: amount-type 'FBA Inventory Reimbursement'). */
const REIMBURSEMENT_TYPES = /^[A-Z]+(_[A-Z]+)+$/;

/** The V2-style key of one amount column of a v1 row. */
function v1TypeKey(amountColumn: V1Column, type: string, fields: (c: V1Column) => string): string {
  switch (amountColumn) {
    case 'priceAmount': return `${type}|ItemPrice|${fields('priceType')}`;
    case 'itemRelatedFeeAmount':
      return type === 'ServiceFee' ? `${type}|${fields('itemRelatedFeeType')}|TransactionTotalAmount` : `${type}|ItemFees|${fields('itemRelatedFeeType')}`;
    case 'otherFeeAmount':
      return type === 'ServiceFee' && fields('itemRelatedFeeType') !== ''
        ? `${type}|${fields('itemRelatedFeeType')}|${fields('otherFeeReasonDescription')}`
        : `${type}|OtherFee|${fields('otherFeeReasonDescription')}`;
    case 'shipmentFeeAmount': return `${type}|ShipmentFees|${fields('shipmentFeeType')}`;
    case 'orderFeeAmount': return `${type}|OrderFees|${fields('orderFeeType')}`;
    case 'promotionAmount': return `${type}|Promotion|${fields('promotionType')}`;
    case 'directPaymentAmount': return `${type}|DirectPayment|${fields('directPaymentType')}`;
    case 'miscFeeAmount': return `${type}|MiscFee|`;
    default:
      return REIMBURSEMENT_TYPES.test(type) ? `other-transaction|FBA Inventory Reimbursement|${type}` : `other-transaction|other-transaction|${type}`;
  }
}

const AMOUNT_COLUMNS: readonly V1Column[] = [
  'priceAmount', 'itemRelatedFeeAmount', 'shipmentFeeAmount', 'orderFeeAmount', 'promotionAmount',
  'directPaymentAmount', 'miscFeeAmount', 'otherFeeAmount', 'otherAmount',
];

const V1_FORMAT: AmazonFileFormat<V1Column> = {
  format: 'amazon-v1',
  label: 'Amazon settlement report (Flat File v1)',
  columns: AMAZON_V1_COLUMNS,
  required: ['settlementId', 'startDate', 'endDate', 'depositDate', 'totalAmount', 'currency', 'transactionType', 'priceAmount', 'itemRelatedFeeAmount', 'otherAmount'],
  dateColumns: ['startDate', 'endDate', 'depositDate', 'postedDate'],
  amountColumns: ['totalAmount', ...AMOUNT_COLUMNS],
  readDetail(context, fields, row) {
    const index = context.columns.index;
    const field = (c: V1Column) => (index[c] < 0 ? '' : (fields[index[c]] ?? '')).trim();
    const postedText = field('postedDate');
    const postedAt = postedText === '' ? null : parseDateTime(postedText, { order: context.dateOrder });
    if (postedAt === undefined) return context.fail(row, 'postedDate', `Row ${row} has posted-date '${postedText}', which is not a valid date.`);
    const quantity = parseQuantity(field('quantityPurchased'));
    if (quantity === undefined) return context.fail(row, 'quantityPurchased', `Row ${row} has quantity-purchased '${field('quantityPurchased')}', which is not a whole number.`);
    const type = field('transactionType');
    const base = {
      postedAt, orderId: field('orderId') || field('merchantOrderId') || null, sku: field('sku') || null,
      marketplace: field('marketplaceName') || null, fulfilmentChannel: field('fulfillmentId') || null, source: { file: context.header.sourceFile, row },
    };
    const lines = [];
    for (const column of AMOUNT_COLUMNS) {
      const text = field(column);
      if (text === '') continue;
      const amount = parseDecimalUnits(text, context.decimalSeparator);
      if (amount === undefined) return context.fail(row, column, `Row ${row} has ${AMAZON_V1_COLUMNS[column][0]} '${text}', which is not a number.`);
      // The quantity belongs to the item price; repeating it on fee lines would double-count units.
      lines.push({ ...base, typeKey: v1TypeKey(column, type, field), quantity: column === 'priceAmount' ? quantity : null, amount });
    }
    if (lines.length === 0) lines.push({ ...base, typeKey: `${type}|Quantity|`, quantity, amount: 0n });
    for (const line of lines) context.sink.line(context.header.settlementId, line);
    if (context.header.marketplace === null) context.noteMarketplace(field('marketplaceName'));
  },
};

export const amazonV1Parser: ReportParser = {
  format: 'amazon-v1',
  channel: 'AMAZON',
  label: 'Amazon settlement report (Flat File v1)',
  detect(head: string): number {
    const line = firstLine(head);
    return Math.min(headerMatchRatio(line, ['settlement-id', 'total-amount', 'transaction-type']), headerMatchRatio(line, ['price-type', 'price-amount', 'item-related-fee-amount', 'other-amount']));
  },
  parse(input: ReportInput, sink: ParseSink): Promise<void> {
    return readAmazonSettlementFile(V1_FORMAT, input, sink);
  },
};
