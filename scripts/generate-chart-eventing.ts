/**
 * Copies eventing/ (Broker, Triggers, ApiServerSources, PingSource, SinkBinding: hand-written,
 * also what the local platform routes with) into the Helm chart (`npm run gen:chart`), which
 * renders them into the release namespace. One definition of the event plumbing for both installs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHART_FILES_DIR, chartCopies, writeGenerated } from './write-generated.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = readdirSync(join(root, 'eventing'))
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .map((name) => ({ name, content: readFileSync(join(root, 'eventing', name), 'utf8') }));
writeGenerated(root, `${CHART_FILES_DIR}/eventing`, chartCopies(files));
