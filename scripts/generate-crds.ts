/**
 * Writes the CRDs generated from shared/api into manifests/crds (`npm run gen:crds`).
 * Files no longer generated are removed so the directory always matches the schemas exactly.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRD_OUTPUT_DIR, renderCrdFiles } from '../shared/api/crd/render.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = join(root, CRD_OUTPUT_DIR);

mkdirSync(outputDir, { recursive: true });
const files = renderCrdFiles();
const wanted = new Set(files.map((file) => file.name));
for (const existing of readdirSync(outputDir)) {
  if (existing.endsWith('.yaml') && !wanted.has(existing)) rmSync(join(outputDir, existing));
}
for (const file of files) writeFileSync(join(outputDir, file.name), file.content);
console.log(`wrote ${files.length} files to ${CRD_OUTPUT_DIR}`);
