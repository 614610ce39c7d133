/**
 * `kubectl aim`: the kubectl plugin of AIM Engine (docs/kubectl-aim.md). It reads the cluster with
 * the user's kubeconfig and explains it with the functions' own library (shared/); it never
 * writes (plan's server-side dry run stores nothing).
 *
 * Exit codes: 0 done; 1 failed (API error, a wait that failed or timed out, a plan without an
 * InferenceService); 2 usage error.
 */
import { type CliArgs, parseArgs, USAGE, UsageError } from './args.ts';
import { CliError, connect } from './connection.ts';
import { explainCommand } from './explain.ts';
import { planCommand } from './plan.ts';
import { statusCommand } from './status.ts';
import { waitCommand } from './wait.ts';

async function run(args: CliArgs): Promise<number> {
  if (args.command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const connection = connect(args);
  switch (args.command) {
    case 'plan': {
      const outcome = await planCommand(args, connection);
      process.stdout.write(outcome.output);
      return outcome.renderable ? 0 : 1;
    }
    case 'explain':
      process.stdout.write(await explainCommand(args, connection));
      return 0;
    case 'status':
      process.stdout.write(await statusCommand(args, connection));
      return 0;
    case 'wait':
      process.stdout.write(await waitCommand(args, connection));
      return 0;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    return await run(parseArgs(argv));
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`error: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof CliError) {
      process.stderr.write(`error: ${err.message}\n`);
      return err.exitCode;
    }
    process.stderr.write(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
