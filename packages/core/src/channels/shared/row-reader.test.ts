import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapColumns } from './column-map';
import { RowReader, sniffDelimiter, withoutTrailingEmptyCells, type Delimiter } from './row-reader';

function read(chunks: string[], delimiter?: Delimiter) {
  const rows: [number, string[]][] = [];
  const problems: string[] = [];
  const reader = new RowReader({ delimiter, onRow: (f, r) => void rows.push([r, f]), onProblem: (r, m) => void problems.push(`${r}:${m}`) });
  for (const c of chunks) reader.push(c);
  return { rows, problems, summary: reader.end() };
}

describe('RowReader', () => {
  it('splits tab rows and numbers them as lines of the file, skipping blank lines', () => {
    const { rows, summary } = read(['a\tb\n\nc\td\n\n\n']);
    expect(rows).toEqual([[1, ['a', 'b']], [3, ['c', 'd']]]);
    expect(summary.isLastRowTerminated).toBe(true);
  });

  it('strips CR of CRLF line ends', () => {
    expect(read(['a,b\r\nc,d\r\n']).rows).toEqual([[1, ['a', 'b']], [2, ['c', 'd']]]);
  });

  it('reads RFC 4180 quotes with "" escapes, delimiters and newlines inside', () => {
    const { rows } = read(['name,note\n"Smith, J","said ""hi""\nthen left"\nnext,row\n'], ',');
    expect(rows).toEqual([[1, ['name', 'note']], [2, ['Smith, J', 'said "hi"\nthen left']], [4, ['next', 'row']]]);
  });

  it('gives the same rows whatever the chunk boundaries', () => {
    const text = 'h1;h2;h3\r\n"a;1";"x""y";z\n\n"multi\r\nline";2;3\nlast;row;"q"';
    const whole = read([text]).rows;
    fc.assert(
      fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 8 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks = points.map((p, i) => text.slice(i === 0 ? 0 : points[i - 1], p)).concat(text.slice(points.at(-1) ?? 0));
        expect(read(chunks).rows).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('reports a quote that never closes as a truncated file', () => {
    const { problems } = read(['a,b\n"open,2\n'], ',');
    expect(problems[0]).toMatch(/^2:.*never closed/);
  });

  it('says when the text does not end with a line break', () => {
    expect(read(['a\tb\nc\t']).summary.isLastRowTerminated).toBe(false);
  });

  it('stops when a row handler returns false', () => {
    const rows: string[][] = [];
    const reader = new RowReader({ onRow: (f) => (rows.push(f), false) });
    reader.push('a,b\nc,d\n');
    expect(rows).toEqual([['a', 'b']]);
    expect(reader.end().isAborted).toBe(true);
  });

  it('gives up on a line longer than the limit instead of growing memory', () => {
    const problems: string[] = [];
    const reader = new RowReader({ onRow: () => undefined, onProblem: (_r, m) => void problems.push(m), maxRecordLength: 100 });
    reader.push('x'.repeat(150));
    expect(reader.end().isAborted).toBe(true);
    expect(problems[0]).toContain('longer than 100 characters');
  });

  it('sniffs the delimiter from the header line', () => {
    expect(sniffDelimiter('a\tb\tc')).toBe('\t');
    expect(sniffDelimiter('Datum;Name;"Brutto, EUR"')).toBe(';');
    expect(sniffDelimiter('Date,Name,Gross')).toBe(',');
  });

  it('sniffs the delimiter past a title preamble without one, even when the title arrives in its own chunk', () => {
    const rows: string[][] = [];
    const reader = new RowReader({ onRow: (f) => void rows.push(f) });
    reader.push('"Transaction report"\n');
    reader.push('"Start date";"Jul 1, 2023"\nDate;Net\n2023-07-01;1,50\n');
    reader.end();
    expect(rows).toEqual([['Transaction report'], ['Start date', 'Jul 1, 2023'], ['Date', 'Net'], ['2023-07-01', '1,50']]);
  });

  it('takes a file whose first lines hold no delimiter at all as comma-separated', () => {
    const rows: string[][] = [];
    const reader = new RowReader({ onRow: (f) => void rows.push(f) });
    reader.push('title\nonly\n');
    reader.end();
    expect(rows).toEqual([['title'], ['only']]);
  });
});

describe('RowReader raw-line mode (onLine)', () => {
  function readLines(chunks: string[]) {
    const seen: [number, string][] = [];
    const reader = new RowReader({
      onRow: (f, r) => void seen.push([r, `fields:${f.join('|')}`]),
      onLine: (text, start, end, r, delimiter) => void seen.push([r, `line:${text.slice(start, end).split(delimiter).join('|')}`]),
    });
    for (const c of chunks) reader.push(c);
    return { seen, summary: reader.end() };
  }

  it('hands unquoted lines unsplit and quoted records as fields, numbered alike', () => {
    const { seen } = readLines(['a\tb\r\n"q\nx"\tc\n\nd\te']);
    expect(seen).toEqual([[1, 'line:a|b'], [2, 'fields:q\nx|c'], [5, 'line:d|e']]);
  });

  it('gives the same records as onRow whatever the chunk boundaries', () => {
    const text = 'h1\th2\r\nab\tcd\n"x\ty"\t"multi\nline"\n\nlong line here\twith\ttabs\r\nend\t1';
    const whole = readLines([text]).seen.map(([r, s]) => [r, s.replace(/^\w+:/, '')]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 6 }), (cuts) => {
        const points = [...new Set([0, ...cuts, text.length])].sort((x, y) => x - y);
        const chunks = points.slice(1).map((p, i) => text.slice(points[i], p));
        const { seen, summary } = readLines(chunks);
        expect(seen.map(([r, s]) => [r, s.replace(/^\w+:/, '')])).toEqual(whole);
        expect(summary.isLastRowTerminated).toBe(false);
      }),
    );
  });

  it('stops reading when onLine returns false', () => {
    const reader = new RowReader({ onRow: () => undefined, onLine: () => false });
    reader.push('a\tb\nc\td\n');
    expect(reader.end()).toMatchObject({ rowCount: 1, isAborted: true });
  });
});

describe('files as spreadsheets and mail clients save them', () => {
  const rows = (chunks: string[]): [number, string[]][] => {
    const seen: [number, string[]][] = [];
    const reader = new RowReader({ delimiter: ',', onRow: (fields, row) => void seen.push([row, fields]) });
    for (const c of chunks) reader.push(c);
    reader.end();
    return seen;
  };

  it('reads lone CR line ends as LF, whatever the chunk boundaries (a CR at a chunk end too)', () => {
    const lf = rows(['a,b\n1,"x\ny"\n2,3\n']);
    expect(rows(['a,b\r1,"x\ry"\r2,3\r'])).toEqual(lf);
    expect(rows(['a,b\r', '1,"x\ry"\r2', ',3\r'])).toEqual(lf);
    expect(rows(['a,b\r\n1,"x\ny"\r\n', '2,3\r\n'])).toEqual(lf);
  });

  it('skips records of only empty cells (a blank spreadsheet row) but counts their lines', () => {
    expect(rows(['a,b\n,,,\n1,2\n"",""\n,,\n'])).toEqual([[1, ['a', 'b']], [3, ['1', '2']]]);
  });

  it('measures rows against the header up to its last heading (empty heading cells are no columns)', () => {
    const header = withoutTrailingEmptyCells(['Fecha', 'Bruto', 'Id. de referencia de trans.', '', '', ' ']);
    expect(header).toEqual(['Fecha', 'Bruto', 'Id. de referencia de trans.']);
    expect(mapColumns(['Fecha', 'Bruto', '', ''], { date: ['Fecha'] }).names).toEqual(['Fecha', 'Bruto']);
  });
});
