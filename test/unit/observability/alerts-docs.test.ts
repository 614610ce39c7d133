/**
 * The alert rules of docs/operations.md ("Alerts") are a rule group users paste as they are: it
 * must parse, each rule must be complete, and each must read only metrics the functions serve.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { metricNamesIn, servedSeries, syntaxErrorsIn } from '../../support/promql.ts';

const doc = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');

interface Rule {
  alert?: string;
  expr?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string };
}

function rules(): Rule[] {
  const start = doc.indexOf('\n## Alerts\n');
  expect(start, 'docs/operations.md has an "## Alerts" section').toBeGreaterThan(0);
  const block = /```yaml\n([\s\S]*?)```/.exec(doc.slice(start))?.[1];
  expect(block, 'the section has a yaml block').toBeDefined();
  const { groups } = parse(block!) as { groups: { name: string; rules: Rule[] }[] };
  return groups.flatMap((group) => group.rules);
}

describe('docs/operations.md, Alerts', () => {
  it('has rules with a unique name, valid PromQL, a severity and a summary each', () => {
    const all = rules();
    expect(all.length).toBeGreaterThan(0);
    const names = all.map((rule) => rule.alert);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of all) {
      expect(rule.alert).toMatch(/^AIM[A-Za-z]+$/);
      expect(rule.expr?.trim(), rule.alert).toBeTruthy();
      expect(syntaxErrorsIn(rule.expr!), `${rule.alert}: ${rule.expr}`).toEqual([]);
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });

  it('reads only metrics the functions serve', async () => {
    const served = await servedSeries();
    for (const rule of rules()) {
      const names = metricNamesIn(rule.expr!);
      expect(names.length, `${rule.alert} reads a metric`).toBeGreaterThan(0);
      expect(
        names.filter((name) => !served.has(name)),
        `${rule.alert}: ${rule.expr}`,
      ).toEqual([]);
    }
  });
});
