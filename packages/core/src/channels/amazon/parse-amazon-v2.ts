/**
 * Amazon settlement report, Flat File V2 (GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2): tab-delimited,
 * one amount per detail row in `amount`, classified by transaction-type / amount-type /
 * amount-description (formats.md §1.2). Dates and decimals follow the marketplace and are sniffed per
 * file; `promotion-id` is optional. Deposit rule: total-amount = sum of every detail row's amount.
 */
import { parseDecimalUnits } from '../../money/money';
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio } from '../shared/column-map';
import { parseDateTime } from '../shared/parse-date-time';
import { readAmazonSettlementFile, type AmazonFileFormat } from './amazon-settlement-reader';
import { AMAZON_V2_COLUMNS, AMAZON_V2_REQUIRED, type AmazonV2Column } from './amazon-v2-columns';

const V2_SIGNATURE = ['settlement-id', 'total-amount', 'transaction-type', 'amount-type', 'amount-description', 'amount', 'posted-date'];
const V1_ONLY = ['price-type', 'item-related-fee-amount', 'shipment-fee-amount'];

/** Quantity text to an integer; null when empty, undefined when not a whole number. */
export function parseQuantity(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^-?\d{1,9}$/.test(t)) return undefined;
  return Number(t);
}

function createV2Format(): AmazonFileFormat<AmazonV2Column> {
  // Per-file state: type keys interned (one string per distinct triple, no concatenation per row) and
  // the last posted-date-time parsed (consecutive rows of one order share it).
  const keys = new Map<string, Map<string, Map<string, string>>>();
  let lastPostedText = '';
  let lastPostedAt: number | undefined;
  return {
    format: 'amazon-v2',
    label: 'Amazon settlement report (Flat File V2)',
    columns: AMAZON_V2_COLUMNS,
    required: AMAZON_V2_REQUIRED,
    dateColumns: ['startDate', 'endDate', 'depositDate', 'postedDate', 'postedDateTime'],
    amountColumns: ['totalAmount', 'amount'],
    readDetail(context, fields, row) {
      const index = context.columns.index;
      const amountText = fields[index.amount] ?? '';
      const amount = parseDecimalUnits(amountText, context.decimalSeparator);
      if (amount === undefined) {
        const message = amountText.trim() === '' ? `Row ${row} has no amount.` : `Row ${row} has amount '${amountText}', which is not a number.`;
        context.fail(row, 'amount', message);
        return;
      }
      const dateTimeText = index.postedDateTime < 0 ? '' : (fields[index.postedDateTime] ?? '');
      const postedText = dateTimeText !== '' ? dateTimeText : index.postedDate < 0 ? '' : (fields[index.postedDate] ?? '');
      if (postedText !== lastPostedText) {
        lastPostedText = postedText;
        lastPostedAt = postedText.trim() === '' ? undefined : parseDateTime(postedText, { order: context.dateOrder });
        if (lastPostedAt === undefined && postedText.trim() !== '') lastPostedText = '\u0000'; // never cache a bad value
      }
      if (lastPostedAt === undefined && postedText.trim() !== '') {
        const column = dateTimeText !== '' ? 'postedDateTime' : 'postedDate';
        context.fail(row, column, `Row ${row} has ${column === 'postedDate' ? 'posted-date' : 'posted-date-time'} '${postedText}', which is not a valid date.`);
        return;
      }
      const quantityText = index.quantityPurchased < 0 ? '' : (fields[index.quantityPurchased] ?? '');
      const quantity = quantityText === '' ? null : parseQuantity(quantityText);
      if (quantity === undefined) {
        context.fail(row, 'quantityPurchased', `Row ${row} has quantity-purchased '${quantityText}', which is not a whole number.`);
        return;
      }
      const type = fields[index.transactionType] ?? '';
      const amountType = fields[index.amountType] ?? '';
      const description = fields[index.amountDescription] ?? '';
      let byType = keys.get(type);
      if (!byType) keys.set(type, (byType = new Map<string, Map<string, string>>()));
      let byAmountType = byType.get(amountType);
      if (!byAmountType) byType.set(amountType, (byAmountType = new Map<string, string>()));
      let typeKey = byAmountType.get(description);
      if (typeKey === undefined) byAmountType.set(description, (typeKey = `${type.trim()}|${amountType.trim()}|${description.trim()}`));
      const orderId = fields[index.orderId] || (index.merchantOrderId < 0 ? '' : fields[index.merchantOrderId]) || null;
      context.sink.line(context.header.settlementId, {
        postedAt: postedText.trim() === '' ? null : lastPostedAt!,
        typeKey,
        orderId,
        sku: (index.sku < 0 ? '' : fields[index.sku]) || null,
        quantity,
        marketplace: (index.marketplaceName < 0 ? '' : fields[index.marketplaceName]) || null,
        fulfilmentChannel: (index.fulfillmentId < 0 ? '' : fields[index.fulfillmentId]) || null,
        amount,
        source: { file: context.header.sourceFile, row },
      });
      if (context.header.marketplace === null && index.marketplaceName >= 0) context.noteMarketplace(fields[index.marketplaceName] ?? '');
    },
  };
}

export const amazonV2Parser: ReportParser = {
  format: 'amazon-v2',
  channel: 'AMAZON',
  label: 'Amazon settlement report (Flat File V2)',
  detect(head: string): number {
    const line = firstLine(head);
    if (headerMatchRatio(line, V1_ONLY) > 0) return 0;
    return headerMatchRatio(line, V2_SIGNATURE);
  },
  parse(input: ReportInput, sink: ParseSink): Promise<void> {
    return readAmazonSettlementFile(createV2Format(), input, sink);
  },
};
