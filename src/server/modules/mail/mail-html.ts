/**
 * The HTML page every mail's body sits in: a UTF-8 document titled with the subject, in the shop's plain mail
 * font. Callers escape every value they put into `body`; the subject is escaped here.
 */
import { escapeHtml } from '../../html-escape';

/** `body` (HTML, already escaped) in the mail page titled `subject` (plain text). */
export function mailHtmlPage(subject: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
${body}
</body></html>
`;
}
