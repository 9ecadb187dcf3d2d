/**
 * The mails a server wrote to its outbox folder (`DATA_DIR/outbox/*.eml`, no SMTP server set), read as the
 * recipient would: the decoded text of every part of the newest mail to an address.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually } from './helpers';

/** The decoded bodies of a MIME message's parts (quoted-printable, base64 or plain). */
export function decodedParts(eml: string): string[] {
  const parts: string[] = [];
  const pattern = /Content-Transfer-Encoding: ([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const [, encoding, content = ''] of eml.matchAll(pattern)) {
    const kind = encoding!.toLowerCase();
    if (kind === 'base64') parts.push(Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (kind === 'quoted-printable') {
      const bytes = content
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      parts.push(Buffer.from(bytes, 'latin1').toString('utf8'));
    } else parts.push(content);
  }
  return parts;
}

/**
 * The first match of `pattern` in the newest mail to `email` in the outbox of the server whose data folder is
 * `dataDir` that has one, waiting until the outbox sender has written it.
 */
export async function findInMailTo(dataDir: string, email: string, pattern: RegExp): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  let found: string | undefined;
  await eventually(async () => {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
    for (const file of files.sort().reverse()) {
      const eml = await readFile(join(outbox, file), 'utf8');
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(eml)) continue;
      for (const part of decodedParts(eml)) found ??= pattern.exec(part)?.[0];
      if (found) return found;
    }
    return found;
  }).toBeDefined();
  return found!;
}
