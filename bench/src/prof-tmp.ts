import { createReadStream } from 'node:fs';
import { parseReportInto } from '@ledgerport/core/channels';
import { describeTransactionType, summarizeSettlements } from '@ledgerport/core/settlements';
import { defaultMappings } from '@ledgerport/core/mapping';
import { postingSink } from '@ledgerport/core/posting';
import { writeExport } from '@ledgerport/core/exports';
const path = 'bench/.data/amazon-v2-1000000.txt';
const describeKnown = (channel: any, key: string) => { const info = describeTransactionType(channel, key); return info.known ? { category: info.category, label: info.label } : undefined; };
const mode = process.argv[2];
for (let i = 0; i < Number(process.argv[3] ?? 6); i++) {
  const t = process.hrtime.bigint();
  let t1 = t, t2 = t;
  if (mode === 'parse') { const sink = summarizeSettlements(); await parseReportInto({ fileName: path, chunks: createReadStream(path, { highWaterMark: 1 << 20 }) as any }, sink); sink.result(); }
  else {
    const sink = postingSink(defaultMappings('MANUAL', { isUnmappedToSuspense: true }), { describeType: describeKnown as any, groupBy: mode as any });
    await parseReportInto({ fileName: path, chunks: createReadStream(path, { highWaterMark: 1 << 20 }) as any }, sink);
    t1 = process.hrtime.bigint();
    const r = sink.result();
    t2 = process.hrtime.bigint();
    writeExport('hledger', r.documents);
  }
  const e = process.hrtime.bigint();
  console.log(mode, 'total', Number(e - t) / 1e6, 'parse+agg', Number(t1 - t) / 1e6, 'build', Number(t2 - t1) / 1e6, 'write', Number(e - t2) / 1e6);
}
