/**
 * `kubectl aim` argument parsing (pure): the command, its positional arguments and the flags
 * kubectl users expect (`-n/--namespace`, `-A`, `--context`, `--kubeconfig`, `-o/--output`),
 * in `--flag value`, `--flag=value` and `-fvalue`-less forms. Unknown flags are usage errors, so
 * a typo never silently changes what a command does.
 */

export const COMMANDS = ['plan', 'explain', 'status', 'wait'] as const;
export type CommandName = (typeof COMMANDS)[number];
export type OutputFormat = 'text' | 'json' | 'yaml';

export interface CliArgs {
  command: CommandName | 'help';
  positional: string[];
  namespace?: string;
  allNamespaces: boolean;
  context?: string;
  kubeconfig?: string;
  output: OutputFormat;
  filename?: string;
  /** wait: `Running`, `Ready`, `Failed`… or `condition=<Type>`. */
  waitFor?: string;
  /** wait: milliseconds. */
  timeoutMs: number;
}

export class UsageError extends Error {}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** Flags taking a value, by every spelling, to the field they set. */
const VALUE_FLAGS: Readonly<
  Record<string, 'namespace' | 'context' | 'kubeconfig' | 'output' | 'filename' | 'for' | 'timeout'>
> = {
  '-n': 'namespace',
  '--namespace': 'namespace',
  '--context': 'context',
  '--kubeconfig': 'kubeconfig',
  '-o': 'output',
  '--output': 'output',
  '-f': 'filename',
  '--filename': 'filename',
  '--for': 'for',
  '--timeout': 'timeout',
};

const UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `5m`, `90s`, `1h30m`, `250ms`, or a bare number of seconds (kubectl's forms). */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== trimmed)
    throw new UsageError(`invalid duration "${text}" (use e.g. 30s, 5m, 1h)`);
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * UNITS_MS[unit!]!, 0);
}

function parseOutput(value: string): OutputFormat {
  if (value === 'json' || value === 'yaml') return value;
  if (value === 'text' || value === 'wide') return 'text';
  throw new UsageError(`unsupported output format "${value}" (json, yaml)`);
}

function isCommand(word: string): word is CommandName {
  return (COMMANDS as readonly string[]).includes(word);
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = {
    command: 'help',
    positional: [],
    allNamespaces: false,
    output: 'text',
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '-h' || word === '--help') return { ...args, command: 'help' };
    if (word === '-A' || word === '--all-namespaces') {
      args.allNamespaces = true;
      continue;
    }
    if (!word.startsWith('-') || word === '-') {
      words.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const flag = eq > 0 && word.startsWith('--') ? word.slice(0, eq) : word;
    const field = VALUE_FLAGS[flag];
    if (field === undefined) throw new UsageError(`unknown flag ${flag}`);
    let value: string | undefined;
    if (flag !== word) value = word.slice(eq + 1);
    else {
      value = argv[++i];
      if (value === undefined) throw new UsageError(`flag ${flag} needs a value`);
    }
    if (field === 'output') args.output = parseOutput(value);
    else if (field === 'timeout') args.timeoutMs = parseDuration(value);
    else if (field === 'for') args.waitFor = value;
    else args[field] = value;
  }
  const [command, ...positional] = words;
  if (command === undefined || command === 'help') return args;
  if (!isCommand(command)) throw new UsageError(`unknown command "${command}" (${COMMANDS.join(', ')})`);
  return { ...args, command, positional };
}

export const USAGE = `kubectl aim — see what AIM services will become, and why they are where they are

Usage:
  kubectl aim plan -f service.yaml           resolve model, template, runtime config and cache, and
                                             print the InferenceService that would be rendered
                                             (writes nothing)
  kubectl aim explain <kind> NAME            the chain of objects behind it, the condition that
                                             matters for each, and where the time to Ready went
                                             (kind: service, model, template, cache, artifact)
  kubectl aim status [-A]                    every AIM object with its status
  kubectl aim wait <kind> NAME --for=Running [--timeout=5m]
                                             exit 0 once reached; non-zero with the blocking
                                             reason when it fails or the time runs out

Flags:
  -n, --namespace NS     namespace (default: the context's, else "default")
  -A, --all-namespaces   status: every namespace
      --context NAME     kubeconfig context to use
      --kubeconfig PATH  kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)
  -o, --output FORMAT    json or yaml instead of text
  -h, --help             this help
`;
