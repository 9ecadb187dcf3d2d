/**
 * The footer of the main layout (docs/product.md §2 "Main layout"): help links, company links, the company's address,
 * phone and e-mail from store info (a missing line is left out), and the collections list.
 */
import { Link } from 'react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import { capitaliseWords } from '@shared/text/capitalise-words';
import {
  DEFAULT_CATEGORIES,
  STORE_INFO_FAILURE_CATEGORIES,
  useStoreInfo,
} from '@client/lib/store-info/store-info-query';
import { categoryHref } from '@client/lib/store-info/category-href';

/** Help links (docs/product.md §2 "Main layout"). */
export const HELP_LINKS = [
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/refund', label: 'Refund & Cancellation' },
  { to: '/return', label: 'Return Policy' },
  { to: '/shipping', label: 'Shipping Policy' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
] as const;

/** Company links (docs/product.md §2 "Main layout"). */
export const COMPANY_LINKS = [
  { to: '/account', label: 'My Account' },
  { to: '/orders', label: 'My Orders' },
  { to: '/track-order', label: 'Track Order' },
] as const;

/** Collections shown in the footer: the store's categories, at most this many. */
const FOOTER_COLLECTION_LIMIT = 6;

/** A phone number as a `tel:` URI: digits and a leading + only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const linkClass = 'text-sm text-brand-100/80 transition-colors hover:text-white';
const headingClass = 'mb-3 text-sm font-semibold tracking-wider text-zari-400 uppercase';

/** One titled column of footer links. */
function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <ul className="flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { info, brand, isError } = useStoreInfo();
  const categories = (
    info?.categories.length ? info.categories : isError ? STORE_INFO_FAILURE_CATEGORIES : DEFAULT_CATEGORIES
  ).slice(0, FOOTER_COLLECTION_LIMIT);
  const companyName = info?.companyName || brand;
  const address = info?.companyAddress?.trim();
  const phone = info?.companyPhone?.trim();
  const email = info?.companyEmail?.trim();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <p className="font-serif text-2xl font-bold text-white">{brand}</p>
          {info?.description && <p className="mt-3 max-w-sm text-sm text-brand-100/80">{info.description}</p>}
          {(address || phone || email) && (
            <address className="mt-4 flex flex-col gap-2 text-sm text-brand-100/80 not-italic">
              {address && (
                <span className="flex items-start gap-2">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zari-400" />
                  <span className="whitespace-pre-line">{address}</span>
                </span>
              )}
              {phone && (
                <a href={telHref(phone)} className="flex items-center gap-2 hover:text-white">
                  <Phone aria-hidden="true" className="size-4 shrink-0 text-zari-400" />
                  {phone}
                </a>
              )}
              {email && (
                <a href={`mailto:${email}`} className="flex items-center gap-2 break-all hover:text-white">
                  <Mail aria-hidden="true" className="size-4 shrink-0 text-zari-400" />
                  {email}
                </a>
              )}
            </address>
          )}
        </div>

        <FooterLinks
          id="footer-collections"
          title="Collections"
          links={categories.map((category) => ({
            to: categoryHref(category),
            label: capitaliseWords(category),
          }))}
        />
        <FooterLinks id="footer-help" title="Help" links={HELP_LINKS} />
        <FooterLinks id="footer-company" title="Company" links={COMPANY_LINKS} />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-xs text-brand-100/70 sm:px-6 lg:px-8">
          © {year} {companyName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
