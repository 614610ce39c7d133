/**
 * Writes manifests/rbac and the Helm chart's copy from the functions' declared permissions and
 * eventing/'s ApiServerSources (`npm run gen:rbac`): both installs grant the same rules.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rbacInputs } from '../functions/rbac-inputs.ts';
import { RBAC_OUTPUT_DIR, renderRbacFiles } from '../shared/rbac/render.ts';
import { CHART_FILES_DIR, chartCopies, writeGenerated } from './write-generated.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = renderRbacFiles(rbacInputs(root));
writeGenerated(root, RBAC_OUTPUT_DIR, files);
writeGenerated(root, `${CHART_FILES_DIR}/rbac`, chartCopies(files));
