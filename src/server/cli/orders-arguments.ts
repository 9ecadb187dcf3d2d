/** The command line of `npm run orders`: its usage text and its parser. */

export const ORDERS_USAGE = [
  'Usage: npm run orders -- <command> [--host shop.example.com]',
  '  list [--status pending|processing|shipped|delivered|cancelled] [--limit N]',
  '  show <order>',
  '  mark-paid <order> --utr <UTR>',
  '  ship <order> --tracking <tracking number> [--courier <name>]',
  '  deliver <order>',
  '  cancel <order>',
  '  mail',
  '  gst-export <YYYY-MM> [--out <directory>]   the GSTR-1 CSV sheets of the month for your accountant',
  '  invoice <order> [--out <directory>]         the PDFs of its tax invoice and credit note',
  '  reconcile [--since YYYY-MM-DD]              ask the gateway now about payments whose callback never came',
].join('\n');

/** An error the CLI prints as is (exit code 1). */
export class CliError extends Error {}

/** A parsed command line: the command, its other positional arguments and its `--name value` options. */
export type ParsedArguments = { command: string; positional: string[]; options: Map<string, string> };

const VALUE_OPTIONS = new Set([
  '--host',
  '--status',
  '--limit',
  '--utr',
  '--tracking',
  '--courier',
  '--out',
  '--since',
]);

/**
 * Parses `argv` (after `npm run orders --`): options as `--name value` or `--name=value`.
 * @throws {CliError} for an unknown option or one without a value.
 */
export function parseArguments(argv: string[]): ParsedArguments {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument.startsWith('--')) {
      const [name, inline] = argument.split(/=(.*)/s, 2) as [string, string | undefined];
      if (!VALUE_OPTIONS.has(name)) throw new CliError(`Unknown option ${name}\n${ORDERS_USAGE}`);
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new CliError(`${name} needs a value\n${ORDERS_USAGE}`);
      options.set(name, value);
    } else {
      positional.push(argument);
    }
  }
  const [command = '', ...rest] = positional;
  return { command, positional: rest, options };
}
