import { createReadStream } from 'node:fs';
import { parseReportInto } from '@ledgerport/core/channels';
import { describeTransactionType } from '@ledgerport/core/settlements';
import { defaultMappings } from '@ledgerport/core/mapping';
import { postingSink } from '@ledgerport/core/posting';
import { writeExport } from '@ledgerport/core/exports';
const path = 'bench/.data/amazon-v2-1000000.txt';
const describeKnown = (channel: any, key: string) => { const info = describeTransactionType(channel, key); return info.known ? { category: info.category, label: info.label } : undefined; };
const sink = postingSink(defaultMappings('MANUAL', { isUnmappedToSuspense: true }), { describeType: describeKnown as any, groupBy: 'sku' });
await parseReportInto({ fileName: path, chunks: createReadStream(path, { highWaterMark: 1 << 20 }) as any }, sink);
let bmin = 1e9, wmin = 1e9;
for (let i = 0; i < 15; i++) {
  const t = process.hrtime.bigint();
  const r = sink.result();
  const t1 = process.hrtime.bigint();
  writeExport('hledger', r.documents);
  const t2 = process.hrtime.bigint();
  bmin = Math.min(bmin, Number(t1 - t) / 1e6); wmin = Math.min(wmin, Number(t2 - t1) / 1e6);
}
console.log('build min', bmin.toFixed(1), 'write min', wmin.toFixed(1));
