/**
 * Writes the CRDs generated from shared/api into manifests/crds and the Helm chart's copy
 * (`npm run gen:crds`): both installs render the same CRDs from the same bytes.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRD_OUTPUT_DIR, renderCrdFiles } from '../shared/api/crd/render.ts';
import { CHART_FILES_DIR, chartCopies, writeGenerated } from './write-generated.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = renderCrdFiles();
writeGenerated(root, CRD_OUTPUT_DIR, files);
writeGenerated(root, `${CHART_FILES_DIR}/crds`, chartCopies(files));
