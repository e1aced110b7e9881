/**
 * Amazon settlement report, Flat File V2 (GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2): tab-delimited,
 * one amount per detail row in `amount`, classified by transaction-type / amount-type /
 * amount-description (formats.md §1.2). Dates and decimals follow the marketplace and are sniffed per
 * file; `promotion-id` is optional. Deposit rule: total-amount = sum of every detail row's amount.
 */
import { parseDecimalUnits } from '../../money/money';
import type { ParseSink, ReportInput, ReportParser } from '../../settlements/parser';
import { firstLine, headerMatchRatio } from '../shared/column-map';
import { parseDateTime, type DateOrder } from '../shared/parse-date-time';
import { LastSlice, parsePlainCount, parsePlainDecimalUnits, rangeEquals } from '../shared/scan-fields';
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

/** A type key interned by a hash of its three raw texts, so the fast path finds it without slicing. */
interface InternedKey {
  type: string;
  amountType: string;
  description: string;
  key: string;
}

function hashRange(hash: number, text: string, start: number, end: number): number {
  let h = hash;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return Math.imul(h, 31) + 124; // '|' between the parts, so ('ab', 'c') and ('a', 'bc') differ
}

// Bounds of a column in a scanned line (see scanFields); an absent column (-1) reads as empty. Module
// functions, not closures in the hot loop: per-call closures cost an allocation per row.
function fieldStart(starts: Int32Array, column: number): number {
  return column < 0 ? 0 : starts[column]!;
}

function fieldEnd(starts: Int32Array, column: number): number {
  return column < 0 ? 0 : starts[column + 1]! - 1;
}

function createV2Format(): AmazonFileFormat<AmazonV2Column> {
  // Per-file state shared by both paths: type keys interned (one string per distinct triple, no
  // concatenation per row) and the last posted date resolved (consecutive rows of one order share it).
  const keys = new Map<string, Map<string, Map<string, string>>>();
  const keysByHash = new Map<number, InternedKey>();
  let lastPostedText = '\u0000';
  let lastPostedAt: number | null | undefined;
  const orderIds = new LastSlice();
  const merchantOrderIds = new LastSlice();
  const skus = new LastSlice();
  const marketplaces = new LastSlice();
  const fulfilmentChannels = new LastSlice();

  const internKey = (type: string, amountType: string, description: string): string => {
    let byType = keys.get(type);
    if (!byType) keys.set(type, (byType = new Map<string, Map<string, string>>()));
    let byAmountType = byType.get(amountType);
    if (!byAmountType) byType.set(amountType, (byAmountType = new Map<string, string>()));
    let typeKey = byAmountType.get(description);
    if (typeKey === undefined) byAmountType.set(description, (typeKey = `${type.trim()}|${amountType.trim()}|${description.trim()}`));
    return typeKey;
  };
  /** Epoch ms of a posted date text; null when blank, undefined when not a valid date. */
  const resolvePosted = (text: string, order: DateOrder): number | null | undefined => {
    if (text !== lastPostedText) {
      lastPostedText = text;
      lastPostedAt = text.trim() === '' ? null : parseDateTime(text, { order });
    }
    return lastPostedAt;
  };

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
      const postedAt = resolvePosted(postedText, context.dateOrder);
      if (postedAt === undefined) {
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
      const typeKey = internKey(fields[index.transactionType] ?? '', fields[index.amountType] ?? '', fields[index.amountDescription] ?? '');
      const orderId = fields[index.orderId] || (index.merchantOrderId < 0 ? '' : fields[index.merchantOrderId]) || null;
      context.sink.line(context.header.settlementId, {
        postedAt,
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
    readDetailLine(context, text, starts, row) {
      // The same line as readDetail gives, read in place; false (nothing emitted) sends the row there.
      const index = context.columns.index;
      const amount = parsePlainDecimalUnits(text, fieldStart(starts, index.amount), fieldEnd(starts, index.amount), context.decimalSeparator);
      if (amount === undefined) return false;
      let postedStart = fieldStart(starts, index.postedDateTime);
      let postedEnd = fieldEnd(starts, index.postedDateTime);
      if (postedEnd === postedStart) {
        postedStart = fieldStart(starts, index.postedDate);
        postedEnd = fieldEnd(starts, index.postedDate);
      }
      const postedAt = rangeEquals(text, postedStart, postedEnd, lastPostedText)
        ? lastPostedAt
        : resolvePosted(text.slice(postedStart, postedEnd), context.dateOrder);
      if (postedAt === undefined) return false;
      const quantityStart = fieldStart(starts, index.quantityPurchased);
      const quantityEnd = fieldEnd(starts, index.quantityPurchased);
      const quantity = quantityEnd === quantityStart ? null : parsePlainCount(text, quantityStart, quantityEnd);
      if (quantity === undefined) return false;

      const typeStart = starts[index.transactionType]!;
      const typeEnd = starts[index.transactionType + 1]! - 1;
      const amountTypeStart = starts[index.amountType]!;
      const amountTypeEnd = starts[index.amountType + 1]! - 1;
      const descriptionStart = starts[index.amountDescription]!;
      const descriptionEnd = starts[index.amountDescription + 1]! - 1;
      const hash = hashRange(hashRange(hashRange(0, text, typeStart, typeEnd), text, amountTypeStart, amountTypeEnd), text, descriptionStart, descriptionEnd);
      const known = keysByHash.get(hash);
      let typeKey: string;
      if (
        known !== undefined && rangeEquals(text, typeStart, typeEnd, known.type) &&
        rangeEquals(text, amountTypeStart, amountTypeEnd, known.amountType) && rangeEquals(text, descriptionStart, descriptionEnd, known.description)
      ) {
        typeKey = known.key;
      } else {
        const type = text.slice(typeStart, typeEnd);
        const amountType = text.slice(amountTypeStart, amountTypeEnd);
        const description = text.slice(descriptionStart, descriptionEnd);
        typeKey = internKey(type, amountType, description);
        if (known === undefined) keysByHash.set(hash, { type, amountType, description, key: typeKey });
      }

      const orderIdStart = fieldStart(starts, index.orderId);
      const orderIdEnd = fieldEnd(starts, index.orderId);
      const merchantOrderIdStart = fieldStart(starts, index.merchantOrderId);
      const merchantOrderIdEnd = fieldEnd(starts, index.merchantOrderId);
      const orderId =
        orderIdEnd > orderIdStart ? orderIds.get(text, orderIdStart, orderIdEnd)
        : merchantOrderIdEnd > merchantOrderIdStart ? merchantOrderIds.get(text, merchantOrderIdStart, merchantOrderIdEnd)
        : null;
      const skuStart = fieldStart(starts, index.sku);
      const skuEnd = fieldEnd(starts, index.sku);
      const marketplaceStart = fieldStart(starts, index.marketplaceName);
      const marketplaceEnd = fieldEnd(starts, index.marketplaceName);
      const marketplace = marketplaceEnd > marketplaceStart ? marketplaces.get(text, marketplaceStart, marketplaceEnd) : null;
      const fulfilmentStart = fieldStart(starts, index.fulfillmentId);
      const fulfilmentEnd = fieldEnd(starts, index.fulfillmentId);
      context.sink.line(context.header.settlementId, {
        postedAt,
        typeKey,
        orderId,
        sku: skuEnd > skuStart ? skus.get(text, skuStart, skuEnd) : null,
        quantity,
        marketplace,
        fulfilmentChannel: fulfilmentEnd > fulfilmentStart ? fulfilmentChannels.get(text, fulfilmentStart, fulfilmentEnd) : null,
        amount,
        source: { file: context.header.sourceFile, row },
      });
      if (context.header.marketplace === null && index.marketplaceName >= 0) context.noteMarketplace(marketplace ?? '');
      return true;
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
