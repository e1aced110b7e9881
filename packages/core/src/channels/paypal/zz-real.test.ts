import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { parseReport } from '../index';
it('real', async () => {
  for (const f of ['es.csv', 'ej.csv', 'pt.csv']) {
    const r = await parseReport(readFileSync('/tmp/h2/real/' + f), { fileName: f });
    console.log(f, JSON.stringify(r.problems).slice(0, 400), r.settlements.map((s) => [s.settlementId, s.status, s.total, s.lines.reduce((a, l) => a + l.amount, 0n), s.lines.length, [...new Set(s.lines.map((l) => l.typeKey))].join('/')].join(' ')).join(' | '));
  }
});
