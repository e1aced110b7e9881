/**
 * `ledgerport post FILE... --format F [--mappings FILE] [--group G] [--no-split]`: reads settlement
 * reports (streamed: each line is summed into its group and dropped), posts them with the default
 * mapping of the format's accounting system (or the given mapping file) and writes the documents to
 * stdout. Problems (unreadable rows, unmapped types, inconsistent settlements) go to stderr and make
 * the exit status 1; usage errors give 2.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeTransactionType, CHANNELS, type Channel } from '@ledgerport/core/settlements';
import { defaultMappings, parseMappingFile, type AccountingSystem, type MappingSet, type TypeDescriber } from '@ledgerport/core/mapping';
import { postingSink, type GroupBy, type PostingSettings } from '@ledgerport/core/posting';
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

/** The channel catalogue: a type it lists maps by its category; an unlisted one stays unmapped (reported). */
export const describeKnownType: TypeDescriber = (channel, key) => {
  const info = describeTransactionType(channel, key);
  return info.known ? { category: info.category, label: info.label } : undefined;
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
}

function parseArgs(args: string[]): PostArgs | string {
  const out: PostArgs = { files: [], format: 'csv', mappingsFile: undefined, groupBy: 'type', isSplitByMonth: true, channel: undefined, timeZoneId: undefined, outDir: undefined };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => (eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : args[++i]) ?? '';
    if (name === '--no-split') out.isSplitByMonth = false;
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
  const { mappings, problems } = parseMappingFile(content, describeKnownType);
  for (const p of problems) io.err(`problem: ${args.mappingsFile}, ${p.item}: ${p.message}`);
  return mappings ?? undefined;
}

export const postCommand: CliCommand = {
  summary: 'post settlement reports as balanced documents in an accounting export format',
  usage:
    'ledgerport post FILE... --format csv|iif|qbo-csv|xero-journal-csv|xero-invoice-csv|sage-csv|hledger|beancount|json ' +
    '[--mappings FILE] [--group type|sku|product-type|country|fulfilment] [--no-split] [--time-zone ZONE] [--channel C] [--out DIR]',
  async run(args: string[], io: CliIo): Promise<number> {
    const parsed = parseArgs(args);
    if (typeof parsed === 'string') {
      io.err(`ledgerport post: ${parsed}\nUsage: ${postCommand.usage}`);
      return 2;
    }
    const mappings = await loadMappings(parsed, io);
    if (!mappings) return 1;
    const settings: PostingSettings = { describeType: describeKnownType, groupBy: parsed.groupBy, isSplitByMonth: parsed.isSplitByMonth, timeZoneId: parsed.timeZoneId };
    const sink = postingSink(mappings, settings);
    for (const file of parsed.files) await readReportFile(file, sink, parsed.channel);
    const result = sink.result();
    for (const p of result.parseProblems) io.err(`problem: ${p.file}${p.row > 0 ? `, row ${p.row}` : ''}${p.column ? `, column ${p.column}` : ''}: ${p.message}`);
    for (const id of result.invalidSettlementIds) io.err(`problem: settlement ${id} was not posted because it could not be read completely.`);
    for (const p of result.problems) io.err(`problem: ${p.message}`);
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
