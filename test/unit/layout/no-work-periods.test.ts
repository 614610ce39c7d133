import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Docs and code describe the product as it is; a figure carries its date, commit and machine. A
 * citation of a numbered work period ("session 12", "(s20)", "s16–17") means nothing to a reader of
 * the repository and hides how old a figure is, so none may appear in the documentation or in
 * product, platform, script and test code.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const SELF = relative(ROOT, import.meta.filename);

const WORK_PERIOD: readonly RegExp[] = [
  /\b[Ss]essions? \d/,
  // A bare tag: not part of a URL, path, identifier or quoted name, and not `s3` (the storage
  // scheme, as in s3://bucket or "huggingface, s3"), ending where a tag ends in prose or a table.
  /(?<![\w/.:'"`-])s(?!3\b)\d{1,2}(?:[–-]s?\d{1,2})?(?=\s*[),;|]|\s*$)/,
];

function files(dir: string, extensions: readonly string[]): string[] {
  const absolute = join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((entry) => !entry.split('/').includes('node_modules'))
    .map((entry) => join(dir, entry))
    .filter((file) => extensions.some((ext) => file.endsWith(ext)) && statSync(join(ROOT, file)).isFile());
}

function citesWorkPeriod(line: string): boolean {
  return WORK_PERIOD.some((pattern) => pattern.test(line));
}

describe('no work periods', () => {
  it('recognises a work period and nothing that merely looks like one', () => {
    for (const cited of [
      '(s20)',
      'sessions 7–14',
      'in session 12,',
      '(s16–17)',
      '| 2026-11-25, s18 |',
      '(s11; more)',
    ])
      expect(citesWorkPeriod(cited), cited).toBe(true);
    for (const plain of [
      's3://bucket/path',
      "'s3'",
      'huggingface, s3)',
      's0-external',
      'sha256',
      'Session {',
      'a 5 s wait',
    ])
      expect(citesWorkPeriod(plain), plain).toBe(false);
  });

  it('docs, README and code cite dates and commits, never a work period', () => {
    const cited = [
      'README.md',
      ...files('docs', ['.md']),
      ...['shared', 'functions', 'local', 'scripts', 'test', 'cli'].flatMap((dir) =>
        files(dir, ['.ts', '.md']),
      ),
    ]
      .filter((file) => file !== SELF)
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (citesWorkPeriod(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(cited).toEqual([]);
  });
});
