/** One entry point for every export format (the CLI and the app's download both use it). */
import type { PostingDocument } from '../posting/model';
import { writeBeancount } from './beancount-ledger';
import { writeGeneralJournalCsv } from './general-journal-csv';
import { writeHledgerJournal } from './hledger-journal';
import { writeIif } from './iif';
import type { ExportFile, ExportFormat, ExportOptions } from './model';
import { documentsToJson } from './documents-json';
import { writeQboJournalCsv } from './qbo-journal-csv';
import { writeSageJournalCsv } from './sage-journal-csv';
import { writeXeroInvoiceCsv } from './xero-invoice-csv';
import { writeXeroJournalCsv } from './xero-journal-csv';

export function writeExport(format: ExportFormat, documents: readonly PostingDocument[], options: ExportOptions = {}): ExportFile[] {
  switch (format) {
    case 'csv':
      return writeGeneralJournalCsv(documents);
    case 'iif':
      return writeIif(documents);
    case 'qbo-csv':
      return writeQboJournalCsv(documents);
    case 'xero-journal-csv':
      return writeXeroJournalCsv(documents, options);
    case 'xero-invoice-csv':
      return writeXeroInvoiceCsv(documents, options);
    case 'sage-csv':
      return writeSageJournalCsv(documents, options);
    case 'hledger':
      return writeHledgerJournal(documents);
    case 'beancount':
      return writeBeancount(documents);
    case 'json':
      return [{ name: 'documents.json', content: `${documentsToJson(documents)}\n` }];
  }
}
