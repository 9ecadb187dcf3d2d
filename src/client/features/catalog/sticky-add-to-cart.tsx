/**
 * The product page's Add to Cart bar on phones (under 768 px): the price, the current size and colour, and
 * 'Add to Cart' with the page's own choice, rules and toasts. It shows once the page's main Add to Cart button
 * has scrolled up out of view (an IntersectionObserver, started in an effect), sits just above the mobile
 * bottom bar, and keeps its place (an empty box while hidden) at the end of the page, so it never covers the
 * page's content or the footer. Its content is rendered only then, and only on phones (a media query read in an
 * effect: the server's HTML and the first render have none). A size or colour still to be chosen is brought into view and focused, and announced
 * with the same toast as the main button ('Please select a size').
 */
import { useEffect, useState, type RefObject } from 'react';
import { ShoppingBag } from 'lucide-react';
import { perUnitSuffix } from '@shared/catalog/unit-of-measure';
import { formatRupees } from '@shared/money';
import { Button } from '@client/components/ui/button';
import { OUT_OF_STOCK } from '@client/lib/catalog/product-variants';
import type { ProductChoice } from '@client/lib/catalog/use-product-choice';
import { cn } from '@client/lib/utils';

/** The phone layout (under 768 px), where the bar is shown; wider screens never render its content. */
const PHONE_QUERY = '(max-width: 767.98px)';

type StickyAddToCartProps = {
  choice: ProductChoice;
  /** The page's main Add to Cart button: the bar shows while it is above the screen. */
  mainButton: RefObject<HTMLElement | null>;
  /** Holds the choices' groups (`data-choice="size"`, `"colour"`), to bring a missing one into view. */
  choices: RefObject<HTMLElement | null>;
};

/** Scrolls the group of the missing choice to the middle of the screen and focuses its first option. */
function showMissingChoice(choices: HTMLElement | null, missing: 'size' | 'colour') {
  const group = choices?.querySelector<HTMLElement>(`[data-choice="${missing}"]`);
  if (!group) return;
  group.scrollIntoView({ block: 'center' });
  group.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus({ preventScroll: true });
}

export function StickyAddToCart({ choice, mainButton, choices }: StickyAddToCartProps) {
  const [pastButton, setPastButton] = useState(false);
  const [phone, setPhone] = useState(false);
  const shown = phone && pastButton;

  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY);
    const follow = () => setPhone(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  useEffect(() => {
    const target = mainButton.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    // The screen stretched far down: the button is "in" it while on screen or below, and leaves it only by
    // going up — also when a jump (a link, the keyboard's End) takes it from below the screen to above at once.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setPastButton(!entry.isIntersecting && entry.boundingClientRect.top < 0);
      },
      { rootMargin: '0px 0px 1000000px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [mainButton]);

  const { product, selection } = choice;
  const chosen = [selection.size, selection.color].filter(Boolean).join(' · ');
  return (
    // Sticks right above the mobile bottom bar: its 4rem, its 1px top border and the safe area under it.
    <div
      data-testid="sticky-add-to-cart"
      aria-hidden={!shown}
      className={cn(
        'sticky bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] z-30 -mx-4 min-h-16 border-t border-stone-200 bg-white/95 px-4 py-2.5 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur sm:-mx-6 sm:px-6 md:hidden',
        !shown && 'invisible',
      )}
    >
      {shown && (
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-lg leading-tight font-bold text-brand-800">
              {formatRupees(choice.price)}
              {product.unit === 'm' && (
                <span className="text-sm font-medium text-stone-600">{perUnitSuffix(product.unit)}</span>
              )}
            </p>
            <p className="truncate text-xs text-stone-600">{chosen || 'Inclusive of all taxes'}</p>
          </div>
          <Button
            className="shrink-0"
            disabled={choice.soldOut}
            onClick={() => {
              const missing = choice.addToCart();
              if (missing) showMissingChoice(choices.current, missing);
            }}
          >
            <ShoppingBag aria-hidden="true" />
            {choice.soldOut ? OUT_OF_STOCK : 'Add to Cart'}
          </Button>
        </div>
      )}
    </div>
  );
}
