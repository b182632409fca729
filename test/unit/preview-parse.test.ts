// Delimiter detection, streaming CSV parsing (any piece boundaries), headers, number columns and JSON tables (§6.5).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detectDelimiter } from '../../src/preview/delimiter.ts';
import { CsvStream, detectNewline } from '../../src/preview/csv-stream.ts';
import { headerColumns, isMissing, parseNumber } from '../../src/preview/columns.ts';
import { jsonRows } from '../../src/preview/json-table.ts';

/** All rows of `text`, fed in pieces of `size` characters. */
function parseInPieces(text: string, size: number): string[][] {
  const rows: string[][] = [];
  const s = new CsvStream((r) => rows.push(...r));
  for (let i = 0; i < text.length; i += size) s.push(text.slice(i, i + size));
  s.end();
  return rows;
}

describe('detectDelimiter', () => {
  it('comma, semicolon, tab and pipe files', () => {
    assert.equal(detectDelimiter('a,b,c\n1,2,3\n4,5,6\n'), ',');
    assert.equal(detectDelimiter('namn;värde\nx;1,5\ny;2,25\n'), ';', 'decimal commas do not make a comma file');
    assert.equal(detectDelimiter('a\tb\n1\t2\n'), '\t');
    assert.equal(detectDelimiter('a|b|c\n1|2|3\n'), '|');
  });
  it('quoted delimiters do not count', () => {
    assert.equal(detectDelimiter('"a;b;c",d\n"1;2;3",4\n"5;6",7\n'), ',');
  });
  it('the consistent delimiter wins over the more frequent one', () => {
    assert.equal(detectDelimiter('name, first, last;age\nAda;36\nBo;41\n'), ';');
  });
  it('undetectable: the more frequent of , and ; in the first line', () => {
    assert.equal(detectDelimiter('a;b;c,d'), ';');
    assert.equal(detectDelimiter('a,b,c;d\n'), ',');
    assert.equal(detectDelimiter('just one column'), ',');
  });
  it('a BOM and a cut last line do not matter', () => {
    assert.equal(detectDelimiter('\ufeffa;b\n1;2\n3;4\n5', false), ';');
  });
});

describe('CsvStream', () => {
  const tricky = '\ufeffid,text,note\r\n1,"line one\nline two",plain\r\n2,"say ""hi"", twice",\r\n\r\n3,"a\r\nb",x\r\n4,last,"quoted at end"';
  const expected = [
    ['id', 'text', 'note'],
    ['1', 'line one\nline two', 'plain'],
    ['2', 'say "hi", twice', ''],
    [''],
    ['3', 'a\r\nb', 'x'],
    ['4', 'last', 'quoted at end'],
  ];
  it('quoted delimiters, quotes and line breaks of any kind; BOM dropped', () => {
    assert.deepEqual(parseInPieces(tricky, 1 << 20), expected);
  });
  it('gives the same rows whatever the piece boundaries are', () => {
    for (let size = 1; size <= tricky.length; size++) assert.deepEqual(parseInPieces(tricky, size), expected, `pieces of ${size}`);
  });
  it('emits rows before the end of a large input (streaming), the last one at the end', () => {
    const batches: number[] = [];
    const s = new CsvStream((r) => batches.push(r.length));
    const line = 'a,b,c\n';
    for (let i = 0; i < 10000; i++) s.push(line);
    assert.ok(batches.length > 0 && batches.reduce((a, b) => a + b, 0) >= 9000, 'rows came before end()');
    s.end();
    assert.equal(batches.reduce((a, b) => a + b, 0), 10000);
  });
  it('semicolon files with decimal commas', () => {
    assert.deepEqual(parseInPieces('län;andel\nSkåne;12,5\nGotland;3,25\n', 3), [['län', 'andel'], ['Skåne', '12,5'], ['Gotland', '3,25'], ['']]);
  });
  it('newline detection ignores quoted line breaks', () => {
    assert.equal(detectNewline('"a\nb",c\r\n1,2'), '\r\n');
    assert.equal(detectNewline('a,b\r1,2'), '\r');
    assert.equal(detectNewline('a,b'), '\n');
  });
});

describe('headerColumns', () => {
  it('trims; empty and repeated headers get no label (shown as "Column n"); dots are kept', () => {
    assert.deepEqual(headerColumns(['\ufeff id ', '', 'a.b', 'id', ' ']), [
      { label: 'id', n: 1 }, { label: undefined, n: 2 }, { label: 'a.b', n: 3 }, { label: undefined, n: 4 }, { label: undefined, n: 5 },
    ]);
  });
});

describe('numbers', () => {
  it('reads integers, decimals with . or , exponents, signs and percentages', () => {
    assert.deepEqual(['12', '-3.5', '3,5', '1e6', '+7', '12%', '.5', '−2'].map(parseNumber), [12, -3.5, 3.5, 1e6, 7, 12, 0.5, -2]);
  });
  it('refuses dates, codes with letters, thousands groups and formulas', () => {
    for (const s of ['2026-08-19', '12a', '1 234', '1,234,567', '=1+1', '', 'NaN', 'Infinity']) assert.equal(parseNumber(s), undefined, s);
  });
  it('a value with leading zeros is a code, not a number (0114, 007, -01); 0, 0.5 and 0,25 stay numbers', () => {
    for (const s of ['0114', '007', '-01', '00', '0012.5']) assert.equal(parseNumber(s), undefined, s);
    assert.deepEqual(['0', '0.5', '0,25', '-0.5', '0e3', '0%'].map(parseNumber), [0, 0.5, 0.25, -0.5, 0, 0]);
  });
  it('missing values', () => {
    for (const s of ['', ' ', 'NA', 'n/a', 'null', '-', '..']) assert.equal(isMissing(s), true, s);
    assert.equal(isMissing('0'), false);
  });
});

describe('jsonRows', () => {
  it('array of arrays: the first is the header row; values become text', () => {
    assert.deepEqual(jsonRows('[["a","b"],[1,true],[null,{"x":1}]]'), [['a', 'b'], ['1', 'true'], ['', '{"x":1}']]);
  });
  it('array of objects: keys in first-seen order, nested objects as dotted columns', () => {
    assert.deepEqual(jsonRows('[{"a":1,"p":{"c":"x"}},{"b":2,"a":3}]'), [['a', 'p.c', 'b'], ['1', 'x', ''], ['3', '', '2']]);
  });
  it('object of objects: the key is the first column', () => {
    assert.deepEqual(jsonRows('{"Uppsala":{"n":1},"Lund":{"n":2}}'), [['', 'n'], ['Uppsala', '1'], ['Lund', '2']]);
  });
  it('an object whose one array member is a table', () => {
    assert.deepEqual(jsonRows('{"meta":{"v":1},"data":[{"a":1}]}'), [['a'], ['1']]);
  });
  it('no table: scalars, mixed arrays, empty arrays, broken JSON', () => {
    for (const t of ['1', '"x"', '[1,[2]]', '[]', '{"a":1}', '[{"a":1}', '{"a":[1],"b":[2]}']) assert.equal(jsonRows(t), undefined, t);
  });
});
