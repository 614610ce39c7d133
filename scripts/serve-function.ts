/**
 * Runs one function locally: `node scripts/serve-function.ts <name> [--port N] [--host H]`.
 * Loopback unless told otherwise (FUNC_HOST / --host); the port defaults to FUNC_PORT, then PORT,
 * then 8080 (functions/serve-command.ts). The Kubernetes connection comes from the environment as
 * in the cluster (`KUBECONFIG`, else ~/.kube/config, else in-cluster).
 */
import { registerRuntimeEdits } from './runtime-edits-hook.ts';

// Before the runtime loads: the functions import it.
registerRuntimeEdits();
await import('../functions/main.ts');
