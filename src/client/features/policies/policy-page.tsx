/**
 * The policy pages, /{policyType} (docs/product.md §2 "Policy pages"): terms, privacy, refund, return, shipping and
 * about. Any other slug, reserved words included, redirects to /404. A store's own text (store info
 * `policies[slug]`) overrides the default (whose refund, return and about texts follow the store's return
 * settings, store info `returns`); both are HTML with placeholders, filled with HTML-escaped company
 * details and sanitised with DOMPurify before rendering (`renderPolicyHtml`, shared with the admin's preview). This page is lazy-loaded, so DOMPurify stays out of
 * the home page's bundle.
 */
import { useMemo, type MouseEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { POLICY_PROSE_CLASS_NAME, renderPolicyHtml } from '@client/lib/policies/policy-html';
import { POLICY_TITLES } from '@shared/store-settings/policy-titles';
import { defaultPolicyText } from '@client/lib/policies/policy-texts';
import { isPolicySlug, type PolicySlug } from './policy-slugs';

export function PolicyPage() {
  const { policyType } = useParams();
  if (!isPolicySlug(policyType)) return <Navigate to="/404" replace />;
  return <PolicyContent key={policyType} slug={policyType} />;
}

function PolicyContent({ slug }: { slug: PolicySlug }) {
  const { info, brand, isPending } = useStoreInfo();
  const navigate = useNavigate();
  const title = POLICY_TITLES[slug];
  const companyName = info?.companyName?.trim() || brand;
  useDocumentTitle(isPending ? null : `${title} - ${companyName}`);

  const override = info?.policies[slug];
  const hasOverride = typeof override === 'string' && override.trim() !== '';
  const html = useMemo(() => {
    const source = hasOverride ? override : defaultPolicyText(slug, info?.returns);
    return renderPolicyHtml(source, info);
  }, [hasOverride, override, slug, info]);
  const logoUrl = slug === 'about' && !hasOverride ? info?.companyLogoUrl?.trim() : undefined;

  /** Links inside the policy text to pages of this store navigate without reloading the app. */
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const anchor = (event.target as Element).closest('a');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    <article aria-labelledby="policy-title" className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 id="policy-title" className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">
        {title}
      </h1>
      <div aria-hidden="true" className="mt-3 mb-8 h-1 w-16 rounded-full bg-zari-400" />
      {isPending ? (
        <div role="status" aria-live="polite" className="flex flex-col gap-3">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="mt-6 h-6 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : (
        <>
          {logoUrl && (
            <img
              src={logoUrl}
              alt={`${companyName} logo`}
              className="mb-6 h-16 w-auto object-contain"
              decoding="async"
              onError={(event) => {
                event.currentTarget.hidden = true;
              }}
            />
          )}
          {/* Clicks (and Enter on a focused link) bubble here; the container itself is not interactive. */}
          <div
            className={POLICY_PROSE_CLASS_NAME}
            onClick={followInternalLink}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </>
      )}
    </article>
  );
}
