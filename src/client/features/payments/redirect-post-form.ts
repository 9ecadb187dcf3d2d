/**
 * The hidden POST form of a redirect_post payment action (docs/product.md §4): built with DOM APIs, never by parsing HTML,
 * then submitted, so the browser leaves for the gateway.
 */

/** The hidden form of a redirect_post action: where it posts and its `type`, `url` and `data[key]` fields. */
export type RedirectPostForm = {
  action: string;
  params: { type: string; url: string; data: Record<string, string> };
};

/**
 * Builds the hidden POST form of a redirect_post action with DOM APIs (no HTML parsing): inputs `type`, `url`
 * and `data[key]` for each data entry (docs/product.md §4). The caller appends it to the body and submits it.
 */
export function buildRedirectPostForm(doc: Document, { action, params }: RedirectPostForm): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.hidden = true;
  const add = (name: string, value: string) => {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  };
  add('type', params.type);
  add('url', params.url);
  for (const [key, value] of Object.entries(params.data)) add(`data[${key}]`, value);
  return form;
}

/** Appends the redirect_post form to the page and submits it (the browser leaves the page). */
export function submitRedirectPostForm(doc: Document, form: RedirectPostForm): void {
  const element = buildRedirectPostForm(doc, form);
  doc.body.appendChild(element);
  element.submit();
}
