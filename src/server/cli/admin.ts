/**
 * `npm run admin -- <command>`: the shop owner's admin set-up, through the same services as the admin API
 * (modules/members/memberships.ts), against the database of `DATA_DIR` / `DATABASE_URL`. In embedded mode
 * (no DATABASE_URL) run it while the server is stopped.
 *
 * ```
 * create-owner <email> [--host shop.example.com]   make <email> an owner; prints a one-time set-up link (1 hour)
 * members [--host shop.example.com]                 the owner and staff of the store
 * ```
 *
 * Without `--host` the default store is used. The link points to `PUBLIC_URL`, else `http://localhost:PORT`.
 */
import { emailSchema } from '@shared/accounts/account-schemas';
import { loadConfig } from '../config';
import type { Database, Db } from '../db/database';
import { AppError } from '../errors';
import { CLI_ACTOR } from '../modules/audit/audit-log';
import { memberLink, MEMBER_LINK_LIFETIME_MS } from '../modules/members/member-links';
import { createOwner, listMembers } from '../modules/members/memberships';
import { loadStoreDirectory, normalizeHost, resolveStoreId } from '../modules/stores/service';
import { openCliDatabase } from './cli-database';
import { CliError, parseArguments, type ParsedArguments } from './orders-arguments';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- <command> [--host shop.example.com]',
  '  create-owner <email>   make <email> an owner of the store; prints a one-time set-up link',
  '  members                the owner and staff of the store',
].join('\n');

async function storeOf(db: Db, host: string | undefined): Promise<number> {
  const directory = await loadStoreDirectory(db);
  return host ? resolveStoreId(directory, normalizeHost(host)) : directory.defaultStoreId;
}

/** `PUBLIC_URL` without its trailing slash, else the local address of the server. */
function linkOrigin(): string {
  const config = loadConfig();
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${config.PORT}`;
}

async function run(db: Db, parsed: ParsedArguments): Promise<void> {
  const storeId = await storeOf(db, parsed.options.get('--host'));
  switch (parsed.command) {
    case 'create-owner': {
      const [input, ...extra] = parsed.positional;
      if (!input || extra.length > 0)
        throw new CliError(`create-owner needs one e-mail address\n${ADMIN_USAGE}`);
      const email = emailSchema.safeParse(input);
      if (!email.success) throw new CliError(`"${input}" is not an e-mail address`);
      const { token } = await createOwner(db, storeId, email.data, CLI_ACTOR);
      console.log(
        `${email.data} is an owner of this shop. To choose the password, open within ${MEMBER_LINK_LIFETIME_MS / 60_000} minutes:`,
      );
      console.log(memberLink(linkOrigin(), token));
      console.log('The link works once. Run this command again for a new one.');
      return;
    }
    case 'members': {
      if (parsed.positional.length > 0)
        throw new CliError(`Unexpected argument ${parsed.positional[0]}\n${ADMIN_USAGE}`);
      const members = await listMembers(db, storeId);
      if (members.length === 0) console.log('No members yet: npm run admin -- create-owner <email>');
      for (const member of members)
        console.log(`${member.role.padEnd(6)} ${member.status.padEnd(8)} ${member.email}`);
      return;
    }
    default:
      throw new CliError(parsed.command ? `Unknown command ${parsed.command}\n${ADMIN_USAGE}` : ADMIN_USAGE);
  }
}

export type RunAdminCliOptions = { database?: Database };

/** Runs the CLI; resolves to the exit code (0 done, 1 refused or failed). */
export async function runAdminCli(argv: string[], options: RunAdminCliOptions = {}): Promise<number> {
  let parsed: ParsedArguments;
  try {
    parsed = parseArguments(argv);
    if (!parsed.command) throw new CliError(ADMIN_USAGE);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const database = options.database ?? (await openCliDatabase());
  if (!database) return 1;
  try {
    await run(database.db, parsed);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    console.error(`Failed, nothing was changed: ${(error as Error).message}`);
    return 1;
  } finally {
    if (!options.database) await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCli(process.argv.slice(2)).then((code) => process.exit(code));
}
