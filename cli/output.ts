/** Output helpers shared by every command: json/yaml documents, aligned columns, durations. */
import { stringify } from 'yaml';
import type { OutputFormat } from './args.ts';

/** The command's result as `format`: the data itself for json/yaml, `text()` otherwise. */
export function formatResult(format: OutputFormat, data: unknown, text: () => string): string {
  if (format === 'json') return `${JSON.stringify(data, null, 2)}\n`;
  if (format === 'yaml') return stringify(data, { lineWidth: 0 });
  const body = text();
  return body.endsWith('\n') ? body : `${body}\n`;
}

/** Left-aligned columns separated by three spaces, kubectl-style; cells are never cut. */
export function columns(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('   ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** `850ms`, `42s`, `3m05s`, `1h02m`: the precision a person reading a breakdown wants. */
export function formatDuration(ms: number): string {
  if (ms < 0) return '-';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** Indents every line of `text` by `by` spaces (for nested sections of a text report). */
export function indent(text: string, by = 2): string {
  const pad = ' '.repeat(by);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${pad}${line}`))
    .join('\n');
}
