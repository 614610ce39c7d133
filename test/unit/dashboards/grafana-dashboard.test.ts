/**
 * charts/aim-engine/dashboards/aim-engine.json against Grafana's dashboard schema and our metrics.
 *
 * Grafana publishes its dashboard schema (v1, the JSON model Grafana 11 and 12 import) as the
 * TypeScript types of `@grafana/schema`, generated from its CUE kinds; no package ships it as JSON
 * Schema. So the JSON is type-checked as an object literal of type `Dashboard` by the TypeScript
 * compiler: required fields, value types, the variable, link and annotation unions, and (object
 * literals being checked for excess properties) no field the schema does not know, down to what
 * the schema types (panel `options`, targets and `fieldConfig.defaults.custom` are open records
 * there; a plugin's own options cannot be checked this way, their enums being TypeScript enums).
 * What the schema leaves to the editor, and a file by hand can get wrong, is tested after it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { metricNamesIn, servedSeries, syntaxErrorsIn } from '../../support/promql.ts';

const file = new URL('../../../charts/aim-engine/dashboards/aim-engine.json', import.meta.url);
const text = readFileSync(file, 'utf8');

interface GridPos {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Target {
  refId?: string;
  expr?: string;
  datasource?: unknown;
}
interface Panel {
  id: number;
  type: string;
  title?: string;
  gridPos?: GridPos;
  datasource?: unknown;
  targets?: Target[];
  panels?: Panel[];
}
interface Variable {
  name: string;
  type: string;
  query?: unknown;
  datasource?: unknown;
}
const dashboard = JSON.parse(text) as {
  schemaVersion: number;
  uid?: string;
  panels: Panel[];
  templating: { list: Variable[] };
};
// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, not a template string
const PROMETHEUS = { type: 'prometheus', uid: '${datasource}' };

/** Top-level panels and the panels of collapsed rows. */
const allPanels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
const queryPanels = allPanels.filter((panel) => panel.type !== 'row');
const targets = queryPanels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel, target })));

/** Diagnostics of `const dashboard: Dashboard = <the file>` against @grafana/schema. */
function schemaDiagnostics(json: string): string[] {
  const root = fileURLToPath(new URL('./', file));
  const checked = `${root}dashboard-check.ts`;
  const source = `import type { Dashboard } from '@grafana/schema';\nexport const dashboard: Dashboard = ${json};\n`;
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2024,
    lib: ['lib.es2024.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === checked ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === checked || fileExists(name);
  const program = ts.createProgram([checked], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the Grafana dashboard', () => {
  it("is a Dashboard of @grafana/schema's types", () => {
    expect(schemaDiagnostics(text)).toEqual([]);
  }, 30_000);

  it('fails that check for a field the schema does not have or a value of the wrong type', () => {
    const misspelled = JSON.parse(text) as Record<string, unknown>;
    misspelled.schemaVerison = 39;
    const wrongType = JSON.parse(text) as { templating: { list: { type: string }[] } };
    wrongType.templating.list[0]!.type = 'dropdown';
    expect(schemaDiagnostics(JSON.stringify(misspelled)).join('\n')).toMatch(/schemaVerison/);
    expect(schemaDiagnostics(JSON.stringify(wrongType)).join('\n')).toMatch(/"dropdown"/);
  }, 30_000);

  it('is of a schema version Grafana 11 and 12 load without migrating it down', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.uid).toBe('aim-engine');
  });

  it('has panels with unique ids and places on the 24-column grid that do not overlap', () => {
    const ids = allPanels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Map<string, string>();
    for (const panel of allPanels) {
      const grid = panel.gridPos;
      expect(grid, `${panel.title} has a gridPos`).toBeDefined();
      const { x, y, w, h } = grid!;
      expect(x >= 0 && w >= 1 && x + w <= 24 && y >= 0 && h >= 1, `${panel.title} fits the grid`).toBe(true);
      for (let col = x; col < x + w; col++) {
        for (let row = y; row < y + h; row++) {
          const taken = cells.get(`${col},${row}`);
          expect(taken, `${panel.title} overlaps ${taken}`).toBeUndefined();
          cells.set(`${col},${row}`, panel.title ?? String(panel.id));
        }
      }
    }
  });

  it('queries the chosen Prometheus data source in every panel and target, with valid PromQL each', () => {
    expect(queryPanels.length).toBeGreaterThan(0);
    for (const panel of queryPanels) {
      expect(panel.datasource, panel.title).toEqual(PROMETHEUS);
      expect(panel.targets?.length, `${panel.title} has targets`).toBeGreaterThan(0);
      const refIds = panel.targets!.map((target) => target.refId);
      expect(new Set(refIds).size, `${panel.title} refIds`).toBe(refIds.length);
    }
    for (const { panel, target } of targets) {
      expect(target.datasource, panel.title).toEqual(PROMETHEUS);
      expect(target.expr?.trim(), `${panel.title} ${target.refId} has an expr`).toBeTruthy();
      expect(syntaxErrorsIn(target.expr!), `${panel.title}: ${target.expr}`).toEqual([]);
    }
  });

  it('has a Prometheus data source variable and a function variable every query filters on', () => {
    const variables = new Map(dashboard.templating.list.map((variable) => [variable.name, variable]));
    expect(variables.get('datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    const fn = variables.get('function');
    expect(fn).toMatchObject({ type: 'query', datasource: PROMETHEUS });
    for (const { panel, target } of targets) {
      for (const metric of metricNamesIn(target.expr!)) {
        const label = metric.startsWith('aim_') ? 'function' : 'faas_name';
        // Each selector of the metric names the variable (the selector follows the name).
        const selectors = target.expr!.split(metric).slice(1);
        for (const selector of selectors) {
          expect(selector.startsWith(`{${label}=~"$function"`), `${panel.title}: ${metric}`).toBe(true);
        }
      }
    }
  });

  it('reads only metrics the functions serve, so a renamed metric fails here', async () => {
    const served = await servedSeries();
    const queries = [
      ...targets.map(({ panel, target }) => ({ where: panel.title, expr: target.expr! })),
      ...dashboard.templating.list
        .filter((variable) => variable.type === 'query')
        .map((variable) => ({ where: `$${variable.name}`, expr: JSON.stringify(variable.query) })),
    ];
    for (const { where, expr } of queries) {
      const names = metricNamesIn(expr.replace(/^.*label_values\((\w+),.*$/, '$1'));
      expect(names.length, `${where} reads a metric`).toBeGreaterThan(0);
      expect(
        names.filter((name) => !served.has(name)),
        `${where}: ${expr}`,
      ).toEqual([]);
    }
  });
});
