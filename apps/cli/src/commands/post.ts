/**
 * `ledgerport post FILE... --format F [--mappings FILE] [--group G] [--no-split] [--strict]`: reads
 * settlement reports (streamed: each line is summed into its group and dropped), posts them with the
 * default mapping of the format's accounting system (or the given mapping file) and writes the
 * documents to stdout. Problems (unreadable rows, unmapped types, inconsistent settlements) go to
 * stderr and make the exit status 1; usage errors give 2.
 *
 * A transaction type the channel's catalogue does not list (Amazon adds fee types often) is posted
 * to the account of the category its shape gives (describeTypeByShape, decision 0060) and listed on
 * stderr with its amount and that account; the exit status stays 0. `--strict` refuses such a
 * settlement instead, as an unmapped type (describeKnownType).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHANNELS, type Channel } from '@ledgerport/core/settlements';
import { defaultMappings, describeKnownType, describeTypeByShape, parseMappingFile, type AccountingSystem, type MappingSet } from '@ledgerport/core/mapping';
import { formatMoney } from '@ledgerport/core/money';
import { postingSink, type GroupBy, type NewTypePosting, type PostingSettings } from '@ledgerport/core/posting';
import { EXPORT_FORMATS, ExportLimitError, writeExport, type ExportFormat } from '@ledgerport/core/exports';
import type { CliCommand, CliIo } from '../cli-command';
import { readReportFile } from './parse';

const GROUPS: GroupBy[] = ['type', 'sku', 'product-type', 'country', 'fulfilment'];

/** The accounting system whose default chart suits each format (codes a Sage import accepts, names IIF matches...). */
const SYSTEM_OF_FORMAT: Record<ExportFormat, AccountingSystem> = {
  csv: 'MANUAL',
  iif: 'QBO',
  'qbo-csv': 'QBO',
  'xero-journal-csv': 'XERO',
  'xero-invoice-csv': 'XERO',
  'sage-csv': 'SAGE',
  hledger: 'MANUAL',
  beancount: 'MANUAL',
  json: 'MANUAL',
};

interface PostArgs {
  files: string[];
  format: ExportFormat;
  mappingsFile: string | undefined;
  groupBy: GroupBy;
  isSplitByMonth: boolean;
  channel: Channel | undefined;
  timeZoneId: string | undefined;
  outDir: string | undefined;
  /** Refuse a settlement with a type the catalogue does not list instead of posting it by its shape. */
  isStrict: boolean;
}

function parseArgs(args: string[]): PostArgs | string {
  const out: PostArgs = { files: [], format: 'csv', mappingsFile: undefined, groupBy: 'type', isSplitByMonth: true, channel: undefined, timeZoneId: undefined, outDir: undefined, isStrict: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => (eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : args[++i]) ?? '';
    if (name === '--no-split') out.isSplitByMonth = false;
    else if (name === '--strict') out.isStrict = true;
    else if (name === '--format') {
      const v = value();
      if (!(EXPORT_FORMATS as readonly string[]).includes(v)) return `unknown format '${v}'; known: ${EXPORT_FORMATS.join(', ')}`;
      out.format = v as ExportFormat;
    } else if (name === '--group') {
      const v = value();
      if (!(GROUPS as string[]).includes(v)) return `unknown grouping '${v}'; known: ${GROUPS.join(', ')}`;
      out.groupBy = v as GroupBy;
    } else if (name === '--mappings') out.mappingsFile = value();
    else if (name === '--time-zone') out.timeZoneId = value();
    else if (name === '--out') out.outDir = value();
    else if (name === '--channel') {
      const v = value().toUpperCase();
      if (!(CHANNELS as readonly string[]).includes(v)) return `unknown channel '${v.toLowerCase()}'; known: ${CHANNELS.map((c) => c.toLowerCase()).join(', ')}`;
      out.channel = v as Channel;
    } else if (arg.startsWith('-')) return `unknown option '${arg}'`;
    else out.files.push(arg);
  }
  if (out.files.length === 0) return 'no file given';
  return out;
}

async function loadMappings(args: PostArgs, io: CliIo): Promise<MappingSet | undefined> {
  if (args.mappingsFile === undefined) return defaultMappings(SYSTEM_OF_FORMAT[args.format]);
  let content: string;
  try {
    content = await readFile(args.mappingsFile, 'utf8');
  } catch {
    io.err(`problem: the mapping file ${args.mappingsFile} cannot be read (it does not exist or is not a file).`);
    return undefined;
  }
  // A rule may name a type the catalogue does not list yet (also under --strict): that is how a new type gets mapped.
  const { mappings, problems } = parseMappingFile(content, describeTypeByShape);
  for (const p of problems) io.err(`problem: ${args.mappingsFile}, ${p.item}: ${p.message}`);
  return mappings ?? undefined;
}

export const postCommand: CliCommand = {
  summary: 'post settlement reports as balanced documents in an accounting export format',
  usage:
    'ledgerport post FILE... --format csv|iif|qbo-csv|xero-journal-csv|xero-invoice-csv|sage-csv|hledger|beancount|json ' +
    '[--mappings FILE] [--group type|sku|product-type|country|fulfilment] [--no-split] [--time-zone ZONE] [--channel C] [--out DIR] [--strict]\n\n' +
    'A transaction type the channel does not list yet (a new Amazon fee type, say) is posted to the account of\n' +
    'its category, judged from its shape (an Amazon amount type ending in "Fees" is a fee), and listed on stderr\n' +
    'with its amount and that account; map it in a --mappings file to choose another account.\n' +
    '--strict refuses such a settlement instead (exit status 1) until a --mappings file maps the type.',
  async run(args: string[], io: CliIo): Promise<number> {
    const parsed = parseArgs(args);
    if (typeof parsed === 'string') {
      io.err(`ledgerport post: ${parsed}\nUsage: ${postCommand.usage}`);
      return 2;
    }
    const mappings = await loadMappings(parsed, io);
    if (!mappings) return 1;
    const settings: PostingSettings = { describeType: parsed.isStrict ? describeKnownType : describeTypeByShape, groupBy: parsed.groupBy, isSplitByMonth: parsed.isSplitByMonth, timeZoneId: parsed.timeZoneId };
    const sink = postingSink(mappings, settings);
    for (const file of parsed.files) await readReportFile(file, sink, parsed.channel);
    const result = sink.result();
    for (const p of result.parseProblems) io.err(`problem: ${p.file}${p.row > 0 ? `, row ${p.row}` : ''}${p.column ? `, column ${p.column}` : ''}: ${p.message}`);
    for (const id of result.invalidSettlementIds) io.err(`problem: settlement ${id} was not posted because it could not be read completely.`);
    for (const p of result.problems) io.err(`problem: ${p.message}`);
    for (const n of result.newTypes) io.err(newTypeNotice(n));
    let files;
    try {
      files = writeExport(parsed.format, result.documents, { taxRates: mappings.chart.taxRates });
    } catch (e) {
      if (!(e instanceof ExportLimitError)) throw e;
      io.err(`problem: ${e.message}`);
      return 1;
    }
    if (parsed.outDir !== undefined) {
      await mkdir(parsed.outDir, { recursive: true });
      for (const f of files) await writeFile(join(parsed.outDir, f.name), f.content);
      io.err(`wrote ${files.map((f) => join(parsed.outDir!, f.name)).join(', ')}`);
    } else if (files.length > 1) {
      io.err(`ledgerport post: this export needs ${files.length} files (${files.map((f) => f.name).join(', ')}); give --out DIR to write them.`);
      return 2;
    } else if (result.documents.length > 0) io.out(files[0]!.content);
    const hasProblems = result.parseProblems.length + result.problems.length + result.invalidSettlementIds.length > 0;
    return hasProblems ? 1 : 0;
  },
};

/** The stderr line of a new type: what it is, how much, where it went, and how to choose otherwise. */
export function newTypeNotice(n: NewTypePosting): string {
  const lines = `${n.lineCount} line${n.lineCount === 1 ? '' : 's'}`;
  const account = `"${n.account.name}" (${n.account.code})`;
  return (
    `new type: "${n.typeKey}" of ${n.channel} (${lines}, ${formatMoney({ units: n.amount, currency: n.currency })} ${n.currency}) in settlement ${n.settlementId} ` +
    `is not a type Ledgerport knows yet; it was posted to ${account}. Map it in a --mappings file to choose another account.`
  );
}
