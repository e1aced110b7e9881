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
import { PlainDateTimeReader } from '../shared/plain-date-time-reader';
import { FieldMemo, LastSlice, parsePlainCount, parsePlainDecimalUnits } from '../shared/scan-fields';
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

// Bounds of a column in a scanned line (see scanFields); an absent column (-1) reads as empty. Module
// functions, not closures in the hot loop: per-call closures cost an allocation per row.
function fieldStart(starts: Int32Array, column: number): number {
  return column < 0 ? 0 : starts[column]!;
}

function fieldEnd(starts: Int32Array, column: number): number {
  return column < 0 ? 0 : starts[column + 1]! - 1;
}

/** The V2 format for readAmazonSettlementFile (exported for the fast-path equivalence tests). */
export function createAmazonV2Format(): AmazonFileFormat<AmazonV2Column> {
  // Per-file state shared by both paths: type keys interned (one string per distinct triple, no
  // concatenation per row) and the last posted date resolved (consecutive rows of one order share it).
  const keys = new Map<string, Map<string, Map<string, string>>>();
  const keysByFingerprint = new Map<number, { type: FieldMemo; pair: FieldMemo; key: string }>();
  const plainDates = new PlainDateTimeReader();
  // Fast path's own memo of the last posted date (as codes: see FieldMemo).
  const postedMemo = new FieldMemo();
  let postedMemoAt: number | null = null;
  let lastPostedText = '\u0000';
  let lastPostedAt: number | null | undefined;
  const marketplaces = new LastSlice();
  const fulfilmentChannels = new LastSlice();
  const skus = new LastSlice();

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
      if (index.amountDescription !== index.amountType + 1) return false; // not Amazon's column order
      const amount = parsePlainDecimalUnits(text, fieldStart(starts, index.amount), fieldEnd(starts, index.amount), context.decimalSeparator);
      if (amount === undefined) return false;
      let postedStart = fieldStart(starts, index.postedDateTime);
      let postedEnd = fieldEnd(starts, index.postedDateTime);
      if (postedEnd === postedStart) {
        postedStart = fieldStart(starts, index.postedDate);
        postedEnd = fieldEnd(starts, index.postedDate);
      }
      let postedAt: number | null | undefined = null;
      if (postedEnd > postedStart) {
        if (postedMemo.matches(text, postedStart, postedEnd)) {
          postedAt = postedMemoAt;
        } else {
          postedAt = plainDates.read(text, postedStart, postedEnd, context.dateOrder);
          if (postedAt === undefined) postedAt = resolvePosted(text.slice(postedStart, postedEnd), context.dateOrder);
          if (postedAt === undefined) return false;
          postedMemo.remember(text, postedStart, postedEnd);
          postedMemoAt = postedAt;
        }
      }
      const quantityStart = fieldStart(starts, index.quantityPurchased);
      const quantityEnd = fieldEnd(starts, index.quantityPurchased);
      const quantity = quantityEnd === quantityStart ? null : parsePlainCount(text, quantityStart, quantityEnd);
      if (quantity === undefined) return false;

      // Type key: found by a fingerprint (lengths and a character of each part), then checked in
      // place against transaction-type and 'amount-type<tab>amount-description' (adjacent columns):
      // exact, and no string is made per row.
      const typeStart = starts[index.transactionType]!;
      const typeEnd = starts[index.transactionType + 1]! - 1;
      const pairStart = starts[index.amountType]!;
      const pairEnd = starts[index.amountDescription + 1]! - 1;
      const typeLength = typeEnd - typeStart;
      const pairLength = pairEnd - pairStart;
      const fingerprint = (((typeLength & 255) * 256 + (pairLength & 255)) * 128 + (text.charCodeAt(pairEnd - 1) & 127)) * 128 + (text.charCodeAt(typeStart) & 127);
      const known = keysByFingerprint.get(fingerprint);
      let typeKey: string;
      if (known !== undefined && known.type.matches(text, typeStart, typeEnd) && known.pair.matches(text, pairStart, pairEnd)) {
        typeKey = known.key;
      } else {
        const amountTypeEnd = starts[index.amountType + 1]! - 1;
        typeKey = internKey(text.slice(typeStart, typeEnd), text.slice(pairStart, amountTypeEnd), text.slice(amountTypeEnd + 1, pairEnd));
        if (known === undefined) {
          const entry = { type: new FieldMemo(), pair: new FieldMemo(), key: typeKey };
          entry.type.remember(text, typeStart, typeEnd);
          entry.pair.remember(text, pairStart, pairEnd);
          keysByFingerprint.set(fingerprint, entry);
        }
      }

      const orderIdStart = fieldStart(starts, index.orderId);
      const orderIdEnd = fieldEnd(starts, index.orderId);
      const merchantOrderIdStart = fieldStart(starts, index.merchantOrderId);
      const merchantOrderIdEnd = fieldEnd(starts, index.merchantOrderId);
      const orderId =
        orderIdEnd > orderIdStart ? text.slice(orderIdStart, orderIdEnd)
        : merchantOrderIdEnd > merchantOrderIdStart ? text.slice(merchantOrderIdStart, merchantOrderIdEnd)
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
    return readAmazonSettlementFile(createAmazonV2Format(), input, sink);
  },
};
