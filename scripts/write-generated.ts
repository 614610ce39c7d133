/**
 * Writes generated files into a directory and removes the YAML files it no longer generates, so
 * the directory always matches its generator exactly. Shared by the generators: each writes the
 * kustomize tree (manifests/) and the Helm chart's copy (charts/aim-engine/files/) from one render.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface GeneratedFile {
  name: string;
  content: string;
}

/** Where the chart keeps the files it renders from (`.Files.Get`: a chart reads only inside itself). */
export const CHART_FILES_DIR = 'charts/aim-engine/files';

/** The chart needs the objects only: kustomize's listing of them means nothing to Helm. */
export function chartCopies(files: readonly GeneratedFile[]): GeneratedFile[] {
  return files.filter((file) => file.name !== 'kustomization.yaml');
}

export function writeGenerated(root: string, dir: string, files: readonly GeneratedFile[]): void {
  const outputDir = join(root, dir);
  mkdirSync(outputDir, { recursive: true });
  const wanted = new Set(files.map((file) => file.name));
  for (const existing of readdirSync(outputDir)) {
    if (existing.endsWith('.yaml') && !wanted.has(existing)) rmSync(join(outputDir, existing));
  }
  for (const file of files) writeFileSync(join(outputDir, file.name), file.content);
  console.log(`wrote ${files.length} files to ${dir}`);
}
