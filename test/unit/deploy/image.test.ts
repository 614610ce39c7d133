import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../../functions/modules.ts';
import { FUNCTION_NODE_FLAGS } from '../../../shared/runtime/node-flags.ts';

/**
 * What can be checked of the container image without a Docker engine: the Dockerfile's shape,
 * that everything it copies exists and is not excluded from the build context, and that what the
 * bundle is made from (functions/ and shared/) and the production dependencies the runtime stage
 * keeps are all the entry point can reach. (test/e2e/deploy/image-entrypoint.test.ts bundles and
 * runs that entry point.)
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface Stage {
  from: string;
  name?: string;
  instructions: { keyword: string; args: string }[];
}

/** Instructions per stage; continuation lines joined, comments dropped. */
function stages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const result: Stage[] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [from = '', as, name] = rest;
      result.push({ from, ...(as?.toUpperCase() === 'AS' && name ? { name } : {}), instructions: [] });
    } else {
      result.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return result;
}

const [build, runtime] = stages(dockerfile);
const runs = (stage: Stage | undefined) =>
  (stage?.instructions ?? []).filter((i) => i.keyword === 'RUN').map((i) => i.args);

describe('Dockerfile', () => {
  it('two stages: build on node:24, runtime on node:24-slim', () => {
    expect(stages(dockerfile)).toHaveLength(2);
    expect(build).toMatchObject({ from: 'node:24', name: 'build' });
    expect(runtime?.from).toBe('node:24-slim');
  });

  it('the build stage installs everything and bundles with npm run build', () => {
    expect(runs(build).some((run) => /^npm ci\b/.test(run) && !run.includes('--omit=dev'))).toBe(true);
    expect(runs(build).some((run) => run.startsWith('npm run build'))).toBe(true);
  });

  it('the runtime stage has production dependencies only, runs as a numeric non-root user', () => {
    expect(runs(runtime).some((run) => /^npm ci\b.*--omit=dev/.test(run))).toBe(true);
    const user = runtime?.instructions.filter((i) => i.keyword === 'USER').at(-1)?.args ?? '';
    expect(user).toMatch(/^[1-9]\d*(:\d+)?$/);
    const env = runtime?.instructions
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' ');
    expect(env).toContain('FUNC_HOST=0.0.0.0');
  });

  it('the entry point is the bundled functions/main.ts, in the one directory the runtime stage copies', () => {
    const entrypoint = runtime?.instructions.find((i) => i.keyword === 'ENTRYPOINT');
    const command = JSON.parse(entrypoint?.args ?? '[]') as string[];
    expect(command).toEqual(['node', ...FUNCTION_NODE_FLAGS, 'dist/functions/main.js']);
    expect(existsSync(join(ROOT, 'functions', 'main.ts'))).toBe(true);
    const copied = runtime?.instructions
      .filter((i) => i.keyword === 'COPY' && i.args.startsWith('--from=build'))
      .map((i) => i.args.split(/\s+/)[1]);
    expect(copied).toEqual(['/app/dist/functions']);
  });

  it('carries a compile cache written by the runtime user with the entry point’s flags, per function', () => {
    const instructions = runtime?.instructions ?? [];
    const env = instructions.filter((i) => i.keyword === 'ENV').map((i) => i.args);
    expect(env).toContain('NODE_COMPILE_CACHE=/app/compile-cache');
    const warmAt = instructions.findIndex((i) => i.keyword === 'RUN' && i.args.includes('--load-only'));
    const userAt = instructions.findIndex((i) => i.keyword === 'USER');
    expect(warmAt).toBeGreaterThan(userAt);
    const warm = instructions[warmAt]?.args ?? '';
    const names = warm
      .match(/for name in ([^;]+);/)?.[1]
      ?.trim()
      .split(/\s+/);
    expect(names).toEqual([...FUNCTION_NAMES]);
    expect(warm).toContain(
      `node ${FUNCTION_NODE_FLAGS.join(' ')} dist/functions/main.js "$name" --load-only`,
    );
  });

  it('everything the build stage copies exists and is in the build context', () => {
    const sources = (build?.instructions ?? [])
      .filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(existsSync(join(ROOT, source)), source).toBe(true);
      expect(dockerignore, `${source} is excluded by .dockerignore`).not.toContain(source);
    }
    // npm run build runs the build script, which reads its own modules and the whole entry point.
    const buildScript = packageJson.scripts.build?.match(/^node (\S+)$/)?.[1] ?? '';
    const read = [
      ...importClosure(join(ROOT, buildScript)).files,
      ...importClosure(join(ROOT, 'functions', 'main.ts')).files,
    ];
    const copied = sources.map((source) => join(ROOT, source));
    const uncopied = read
      .filter((file) => !copied.some((source) => file === source || file.startsWith(`${source}/`)))
      .map((file) => relative(ROOT, file));
    expect(uncopied).toEqual([]);
    expect(dockerignore).toEqual(expect.arrayContaining(['node_modules', 'dist', '.git']));
  });
});

/** Every module the entry point can load: relative files and bare package specifiers. */
function importClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    // The compiler's own scanner: static imports, re-exports and dynamic import() calls.
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else if (!specifier.startsWith('node:')) {
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier));
      }
    }
  }
  return { files, packages };
}

describe('what the image’s entry point reaches', () => {
  const { files, packages } = importClosure(join(ROOT, 'functions', 'main.ts'));

  it('only functions/ and shared/ (the directories the runtime stage keeps)', () => {
    expect(files.size).toBeGreaterThan(50);
    const outside = [...files]
      .map((file) => relative(ROOT, file))
      .filter((file) => !/^(functions|shared)\//.test(file));
    expect(outside).toEqual([]);
    for (const name of [
      'model-inspect',
      'template-discover',
      'service-resolve',
      'cache-manage',
      'isvc-render',
    ]) {
      expect(files).toContain(join(ROOT, 'functions', name, 'index.ts'));
    }
  });

  it('only production dependencies (npm ci --omit=dev installs nothing else)', () => {
    const missing = [...packages].filter((name) => !(name in packageJson.dependencies));
    expect(missing).toEqual([]);
    expect(packages).toContain('faas-js-runtime');
  });
});
