/**
 * Xero sales-invoice and bill imports (accounting.md §6.4), the way A2X posts to Xero: one invoice
 * per settlement part, a bill when the part's total is negative (Xero has no negative invoices).
 * The clearing line is not an invoice line: the invoice total is what the deposit pays. Lines are
 * Quantity 1 at the line amount (seller-signed on invoices, negated on bills). Columns follow Xero's
 * downloadable templates; at most 500 invoices per file.
 */
import type { PostingDocument } from '../posting/model';
import { csvNumber, csvRow } from './csv-row';
import { amountText, chunkDocuments, fileNames, formatDate, forEachPostedLine, taxRateName, type ExportFile, type ExportOptions } from './model';

export const XERO_INVOICES_PER_FILE = 500;
const ONE = csvNumber('1');
const ADDRESS = ['EmailAddress', 'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion', 'POPostalCode', 'POCountry'];
const TRACKING = ['TrackingName1', 'TrackingOption1', 'TrackingName2', 'TrackingOption2'];
const INVOICE_HEADER = ['*ContactName', ...ADDRESS, '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Total', 'InventoryItemCode', '*Description', '*Quantity', '*UnitAmount', 'Discount', '*AccountCode', '*TaxType', 'TaxAmount', ...TRACKING, 'Currency', 'BrandingTheme'];
const BILL_HEADER = ['*ContactName', ...ADDRESS, '*InvoiceNumber', '*InvoiceDate', '*DueDate', 'Total', 'InventoryItemCode', 'Description', '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType', 'TaxAmount', ...TRACKING, 'Currency'];

export function writeXeroInvoiceCsv(documents: readonly PostingDocument[], options: ExportOptions = {}): ExportFile[] {
  const invoices = documents.filter((d) => d.total >= 0n);
  const bills = documents.filter((d) => d.total < 0n);
  return [...write(invoices, 'xero-sales-invoices', false, options), ...write(bills, 'xero-bills', true, options)];
}

function write(documents: PostingDocument[], base: string, isBill: boolean, options: ExportOptions): ExportFile[] {
  const files = chunkDocuments(documents, () => 1, XERO_INVOICES_PER_FILE, () => '');
  const names = fileNames(base, 'csv', files.length);
  return files.map((docs, i) => {
    let out = csvRow(isBill ? BILL_HEADER : INVOICE_HEADER);
    for (const d of docs) {
      const date = formatDate(d.date, options.dateFormat ?? 'dd/mm/yyyy');
      const contact = d.marketplace ?? d.channel;
      forEachPostedLine(d, (l) => {
        if (l.role === 'clearing') return;
        // Seller-signed: a credit (sales) is a positive invoice line; a bill shows the same line negated.
        const sellerAmount = l.side === 'credit' ? l.amount : -l.amount;
        const amount = csvNumber(amountText(isBill ? -sellerAmount : sellerAmount, d.currency));
        const t = l.tracking;
        const tracking = [t[0]?.name ?? '', t[0]?.option ?? '', t[1]?.name ?? '', t[1]?.option ?? ''];
        const tax = taxRateName(l.taxRateCode, options);
        out += csvRow(
          isBill
            ? [contact, ...ADDRESS.map(() => ''), d.number, date, date, '', '', l.description, ONE, amount, l.account.code, tax, '', ...tracking, d.currency]
            : [contact, ...ADDRESS.map(() => ''), d.number, d.description, date, date, '', '', l.description, ONE, amount, '', l.account.code, tax, '', ...tracking, d.currency, ''],
        );
      });
    }
    return { name: names[i]!, content: out };
  });
}
