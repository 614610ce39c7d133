/**
 * `npm run bench -- <name> [args]`: runs scripts/bench/<name>.ts, a benchmark that prints its
 * figures (API requests per reconcile, p50/p95 times, peak RSS). Benchmarks measure; tests assert
 * behaviour and never wall-clock time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, 'bench');
const [name, ...rest] = process.argv.slice(2);
const available = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3))
  : [];
if (!name || !available.includes(name)) {
  process.stderr.write(`usage: npm run bench -- <${available.join('|')}> [args]\n`);
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--expose-gc', join(dir, `${name}.ts`), ...rest], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
