/**
 * `/admin/settings/policies` (owner only): the six policy pages (terms, privacy, refund, return, shipping,
 * about). The owner edits a page's HTML in a text box, with `{companyName}`-style placeholders, and sees a live
 * preview made by the storefront's own `renderPolicyHtml` — placeholders filled, then sanitised by DOMPurify —
 * so a `<script>` or an `onerror=` never runs, here or in the shop. The HTML is stored as typed; saving it empty
 * returns the page to its default text.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { StoreSettings } from '@shared/store-settings/store-settings-schemas';
import { policySlugs, type PolicySlug } from '@shared/store-settings/store-info-schema';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FieldError, Textarea } from '@client/components/ui/input';
import { POLICY_TITLES } from '@shared/store-settings/policy-titles';
import { POLICY_PROSE_CLASS_NAME, renderPolicyHtml } from '@client/lib/policies/policy-html';
import { defaultPolicyText } from '@client/lib/policies/policy-texts';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { cn } from '@client/lib/utils';
import { OnlyOwner } from './only-owner';
import { storeSettingsQuery, useSaveSettings } from './store-settings-queries';

function PolicyEditor({ slug, settings }: { slug: PolicySlug; settings: StoreSettings }) {
  const stored = settings.policies[slug] ?? '';
  const [html, setHtml] = useState(stored);
  const [problem, setProblem] = useState<string | undefined>();
  const save = useSaveSettings<{ html: string }>(
    `policies/${slug}`,
    `${POLICY_TITLES[slug]} saved`,
    (error) => {
      // The server's problem with the text (`html`) shows under the box; anything else as a toast.
      const { shown } = setFieldErrors<{ html: string }>(
        error,
        (_field, { message }) => setProblem(message),
        ['html'],
      );
      if (shown.length === 0) toast.error(errorText(error));
    },
  );
  const preview = useMemo(
    () =>
      renderPolicyHtml(
        html.trim() === '' ? defaultPolicyText(slug, settings.returns) : html,
        settings.storeInfo,
      ),
    [html, slug, settings.storeInfo, settings.returns],
  );
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor="policy-html" className="text-sm font-medium">
        {POLICY_TITLES[slug]} (HTML)
      </label>
      <p id="policy-html-hint" className="text-xs text-stone-600">
        Placeholders: {'{companyName}'}, {'{companyAddress}'}, {'{companyEmail}'}, {'{companyPhone}'},{' '}
        {'{companyLogoUrl}'}, {'{supportHours}'}. Empty: the default text. Scripts and event attributes are
        removed when shown.
      </p>
      <Textarea
        id="policy-html"
        aria-describedby={problem ? 'policy-html-hint policy-html-error' : 'policy-html-hint'}
        aria-invalid={problem ? true : undefined}
        rows={10}
        className="font-mono text-xs"
        value={html}
        onChange={(event) => {
          setHtml(event.target.value);
          setProblem(undefined);
        }}
      />
      <FieldError id="policy-html-error">{problem}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={save.isPending || html === stored}
          onClick={() => save.mutate({ html })}
        >
          Save
        </Button>
        {html.trim() === '' && (
          <Button
            type="button"
            variant="outline"
            onClick={() => setHtml(defaultPolicyText(slug, settings.returns))}
          >
            Start from the default text
          </Button>
        )}
      </div>
      <section aria-label="Preview" className="rounded-lg border border-stone-200 bg-white p-3">
        <p className="mb-2 text-xs font-medium tracking-wide text-stone-500 uppercase">Preview</p>
        <div
          data-testid="policy-preview"
          className={POLICY_PROSE_CLASS_NAME}
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      </section>
    </div>
  );
}

export function PoliciesPage() {
  const settings = useQuery(storeSettingsQuery());
  const [slug, setSlug] = useState<PolicySlug>('terms');
  return (
    <OnlyOwner>
      <section aria-labelledby="policies-title" className="flex flex-col gap-3">
        <h1 id="policies-title" className="text-lg font-semibold">
          Policy pages
        </h1>
        {settings.isError && <Alert>{errorText(settings.error)}</Alert>}
        <ul aria-label="Policy pages" className="flex flex-wrap gap-2">
          {policySlugs.map((candidate) => (
            <li key={candidate}>
              <button
                type="button"
                aria-pressed={candidate === slug}
                className={cn('btn btn-sm', candidate === slug ? 'btn-default' : 'btn-outline')}
                onClick={() => setSlug(candidate)}
              >
                {POLICY_TITLES[candidate]}
                <span className="ml-1 text-xs opacity-75">
                  {settings.data?.policies[candidate] ? '(own text)' : '(default)'}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {settings.data && <PolicyEditor key={slug} slug={slug} settings={settings.data} />}
      </section>
    </OnlyOwner>
  );
}
