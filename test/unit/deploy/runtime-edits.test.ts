/**
 * The bundle's edit of faas-js-runtime's event handler (scripts/build/runtime-edits.ts): run
 * the edited module against a stand-in fastify with the runtime's own cloudevents copy, and check
 * a CloudEvent is parsed once and reaches the function as before, and what is not one stays not one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import {
  applyEdits,
  LAZY_ERROR_EDITS,
  LAZY_PROTECTION_EDITS,
  parseOnce,
  SPARSE_LOOP_SAMPLING_EDITS,
} from '../../../scripts/build/runtime-edits.ts';

const requireHere = createRequire(import.meta.url);
const handlerFile = requireHere.resolve('faas-js-runtime/lib/event-handler.js');
const requireRuntime = createRequire(handlerFile);
const { HTTP } = requireRuntime('cloudevents') as typeof import('cloudevents');

type Request = { headers: Record<string, string>; body: unknown; fcontext: { cloudevent?: unknown } };
type Hook = (request: Request, reply: { code: (n: number) => void }, done: (err?: unknown) => void) => void;

/** Loads `code` as the runtime would and returns what it registers on fastify. */
function register(code: string): { isCloudEvent: (this: Request) => boolean; preHandler: Hook } {
  const module = { exports: {} as unknown };
  new Function('require', 'module', 'exports', code)(requireRuntime, module, module.exports);
  let isCloudEvent: ((this: Request) => boolean) | undefined;
  let preHandler: Hook | undefined;
  (module.exports as (fastify: unknown) => void)({
    addContentTypeParser: () => {},
    decorateRequest: (_name: string, fn: (this: Request) => boolean) => {
      isCloudEvent = fn;
    },
    addHook: (_name: string, fn: Hook) => {
      preHandler = fn;
    },
  });
  return { isCloudEvent: isCloudEvent!, preHandler: preHandler! };
}

function run(code: string, request: Request): { errors: unknown[]; parses: number } {
  const { isCloudEvent, preHandler } = register(code);
  const toEvent = vi.spyOn(HTTP, 'toEvent');
  const isEvent = vi.spyOn(HTTP, 'isEvent');
  const errors: unknown[] = [];
  const withDecorator = Object.assign(request, { isCloudEvent });
  preHandler(withDecorator, { code: () => {} }, (err) => {
    if (err !== undefined) errors.push(err);
  });
  const parses = toEvent.mock.calls.length + isEvent.mock.calls.length;
  toEvent.mockRestore();
  isEvent.mockRestore();
  return { errors, parses };
}

const ceHeaders = {
  'content-type': 'application/json',
  'ce-specversion': '1.0',
  'ce-id': 'evt-1',
  'ce-type': 'dev.knative.apiserver.resource.update',
  'ce-source': 'https://10.96.0.1:443',
  'ce-time': '2026-11-26T10:00:00Z',
};

describe("the bundle's parse-once edit of faas-js-runtime's event handler", () => {
  const original = readFileSync(handlerFile, 'utf8');
  const edited = parseOnce(original);

  it('hands the function the same CloudEvent, parsed once instead of twice', () => {
    const body = { kind: 'AIMService', metadata: { name: 'chat' } };
    const before: Request = { headers: { ...ceHeaders }, body, fcontext: {} };
    const after: Request = { headers: { ...ceHeaders }, body, fcontext: {} };
    expect(run(original, before).parses).toBe(2);
    expect(run(edited, after).parses).toBe(1);
    expect(JSON.parse(JSON.stringify(after.fcontext.cloudevent))).toEqual(
      JSON.parse(JSON.stringify(before.fcontext.cloudevent)),
    );
    expect((after.fcontext.cloudevent as { data: unknown }).data).toEqual(body);
  });

  it('answers what is not a CloudEvent, or not a valid one, as before', () => {
    const requests = (): Request[] => [
      { headers: { 'content-type': 'application/json' }, body: {}, fcontext: {} },
      // No source: the runtime's validate() refuses it (the function answers 400).
      {
        headers: {
          'content-type': 'application/json',
          'ce-specversion': '1.0',
          'ce-id': '1',
          'ce-type': 't',
        },
        body: {},
        fcontext: {},
      },
      { headers: { ...ceHeaders, 'ce-specversion': '0.1' }, body: {}, fcontext: {} },
    ];
    const before = requests();
    const after = requests();
    for (const [index, request] of after.entries()) {
      const was = run(original, before[index]!);
      const is = run(edited, request);
      expect(is.errors.map(String)).toEqual(was.errors.map(String));
      expect(request.fcontext.cloudevent === undefined).toBe(
        before[index]!.fcontext.cloudevent === undefined,
      );
    }
    expect(run(edited, requests()[1]!).errors.map(String)).toEqual([expect.stringContaining('source')]);
  });

  it('refuses to build against a runtime whose handler changed', () => {
    expect(() => parseOnce(original.replace('HTTP.isEvent(this)', 'HTTP.isEvent(this, true)'))).toThrow(
      /no longer holds/,
    );
  });
});

describe("the bundle's lazy-error edit of the runtime's cloudevents JSON parser", () => {
  const parsersFile = requireRuntime.resolve('cloudevents/dist/parsers.js');
  const requireParsers = createRequire(parsersFile);
  const validation = requireParsers('./event/validation') as { ValidationError: new (m: string) => Error };
  const original = readFileSync(parsersFile, 'utf8');
  const edited = applyEdits(original, LAZY_ERROR_EDITS, 'parsers.js');

  /** The module's JSONParser.parse on `payload`: its answer, and how many ValidationErrors it built. */
  function parse(code: string, payload: unknown): { value?: unknown; error?: string; built: number } {
    const module = { exports: {} as { JSONParser: new () => { parse(p: unknown): unknown } } };
    new Function('require', 'module', 'exports', code)(requireParsers, module, module.exports);
    const Real = validation.ValidationError;
    let built = 0;
    validation.ValidationError = class extends Real {
      constructor(message: string) {
        super(message);
        built += 1;
      }
    };
    try {
      return { value: new module.exports.JSONParser().parse(payload), built };
    } catch (err) {
      return { error: String(err), built };
    } finally {
      validation.ValidationError = Real;
    }
  }

  it('answers every payload as before, building an error only to throw it', () => {
    for (const payload of [
      { kind: 'AIMService' },
      '{"a":1}',
      'plain',
      '"quoted"',
      null,
      undefined,
      42,
      true,
    ]) {
      const was = parse(original, payload);
      const is = parse(edited, payload);
      expect({ value: is.value, error: is.error }).toEqual({ value: was.value, error: was.error });
      expect(is.built).toBe(is.error === undefined ? 0 : 1);
    }
    expect(parse(original, { kind: 'AIMService' }).built).toBe(2);
  });
});

describe("the bundle's lazy overload-protection edit of the runtime's health check", () => {
  const healthFile = requireRuntime.resolve('./health-check.js');
  const original = readFileSync(healthFile, 'utf8');
  const edited = applyEdits(original, LAZY_PROTECTION_EDITS, 'health-check.js');

  type Route = (request: unknown, reply: unknown) => void;

  /** Loads `code` with a counting stand-in for overload-protection; returns the probe routes and the count. */
  function load(code: string): { routes: Map<string, Route>; made: () => number } {
    let made = 0;
    const protection = () => {
      made += 1;
      return (_request: unknown, _reply: unknown, next: () => void) => next();
    };
    const requireStub = (id: string) => (id === 'overload-protection' ? protection : requireRuntime(id));
    const module = { exports: {} as unknown };
    new Function('require', 'module', 'exports', code)(requireStub, module, module.exports);
    const routes = new Map<string, Route>();
    const plugin = (module.exports as (opts: unknown) => (f: unknown, o: unknown, done: () => void) => void)(
      {},
    );
    plugin(
      { get: (path: string, _options: unknown, handler: Route) => routes.set(path, handler) },
      {},
      () => {},
    );
    return { routes, made: () => made };
  }

  function reply() {
    const sent: string[] = [];
    return { sent, header: () => {}, send: (body: string) => sent.push(body) };
  }

  it('builds no sampler when the module loads, as the original does', () => {
    expect(load(original).made()).toBe(1);
    expect(load(edited).made()).toBe(0);
  });

  it('answers a default probe as before, building the sampler once', () => {
    const { routes, made } = load(edited);
    const first = reply();
    const second = reply();
    routes.get('/health/readiness')?.({}, first);
    routes.get('/health/liveness')?.({}, second);
    expect([first.sent, second.sent]).toEqual([['OK'], ['OK']]);
    expect(made()).toBe(1);
  });
});

describe("the bundle's sparser event-loop sampling in the runtime's metrics", () => {
  const metricsFile = requireRuntime.resolve('./metrics.js');
  const requireMetrics = createRequire(metricsFile);
  const original = readFileSync(metricsFile, 'utf8');
  const edited = applyEdits(original, SPARSE_LOOP_SAMPLING_EDITS, 'metrics.js');

  /** The options the module passes prom-client's collectDefaultMetrics, with the real prom-client. */
  function defaultMetricsOptions(code: string): Record<string, unknown> {
    const promClient = requireMetrics('prom-client') as Record<string, unknown>;
    const seen: Record<string, unknown>[] = [];
    const spy = {
      ...promClient,
      collectDefaultMetrics: (options: Record<string, unknown>) => seen.push(options),
    };
    const requireStub = (id: string) => (id === 'prom-client' ? spy : requireMetrics(id));
    const module = { exports: {} as unknown };
    new Function('require', 'module', 'exports', code)(requireStub, module, module.exports);
    (module.exports as (config: unknown) => unknown)({ name: 'test' });
    expect(seen).toHaveLength(1);
    return seen[0]!;
  }

  it("samples the event loop every 100 ms instead of prom-client's 10 ms", () => {
    expect(defaultMetricsOptions(original).eventLoopMonitoringPrecision).toBeUndefined();
    expect(defaultMetricsOptions(edited).eventLoopMonitoringPrecision).toBe(100);
  });

  it('still serves the event-loop lag metric', async () => {
    const promClient = requireMetrics('prom-client') as typeof import('prom-client');
    const register = new promClient.Registry();
    promClient.collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 100 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await register.metrics()).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });
});
