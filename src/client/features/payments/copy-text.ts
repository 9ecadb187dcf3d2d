/**
 * Copying a short text (the shop's UPI ID) to the clipboard: the asynchronous Clipboard API where the page may
 * use it (a secure context that granted it), else the older `execCommand('copy')` on a hidden text area.
 */

/**
 * Copies `text`; resolves true when it reached the clipboard, false when neither way worked (the caller then
 * asks the shopper to copy it by hand). Call it from a click.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not focused): try the older way.
    }
  }
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.append(area);
  area.select();
  try {
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
