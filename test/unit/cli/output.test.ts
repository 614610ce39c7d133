import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { columns, formatDuration, formatResult } from '../../../cli/output.ts';

describe('formatResult', () => {
  const data = { name: 'chat', items: [1, 2] };

  it('prints the data itself as json or yaml, and the text rendering otherwise', () => {
    expect(JSON.parse(formatResult('json', data, () => 'unused'))).toEqual(data);
    expect(parse(formatResult('yaml', data, () => 'unused'))).toEqual(data);
    expect(formatResult('text', data, () => 'chat has 2 items')).toBe('chat has 2 items\n');
  });

  it('does not render text when json is asked for', () => {
    let rendered = false;
    formatResult('json', data, () => {
      rendered = true;
      return '';
    });
    expect(rendered).toBe(false);
  });
});

describe('columns', () => {
  it('aligns every column to its widest cell and never cuts a cell', () => {
    const table = columns(
      ['KIND', 'NAME'],
      [
        ['AIMService', 'chat'],
        ['AIMModel', 'a-very-long-model-name-that-stays-whole'],
      ],
    );
    expect(table.split('\n')).toEqual([
      'KIND         NAME',
      'AIMService   chat',
      'AIMModel     a-very-long-model-name-that-stays-whole',
    ]);
  });
});

describe('formatDuration', () => {
  it.each([
    [850, '850ms'],
    [42_000, '42s'],
    [185_000, '3m05s'],
    [3_720_000, '1h02m'],
    [-1, '-'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
