/**
 * Writes manifests/rbac from the functions' declared permissions and eventing/'s ApiServerSources
 * (`npm run gen:rbac`). Files no longer generated are removed so the directory matches exactly.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rbacInputs } from '../functions/rbac-inputs.ts';
import { RBAC_OUTPUT_DIR, renderRbacFiles } from '../shared/rbac/render.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = join(root, RBAC_OUTPUT_DIR);

mkdirSync(outputDir, { recursive: true });
const files = renderRbacFiles(rbacInputs(root));
const wanted = new Set(files.map((file) => file.name));
for (const existing of readdirSync(outputDir)) {
  if (existing.endsWith('.yaml') && !wanted.has(existing)) rmSync(join(outputDir, existing));
}
for (const file of files) writeFileSync(join(outputDir, file.name), file.content);
console.log(`wrote ${files.length} files to ${RBAC_OUTPUT_DIR}`);
