/**
 * One published review (docs/reviews.md "Reading reviews"): its stars, title and text, the size bought and the
 * fit, 'Verified purchase', the author and date, its photos (a press opens one larger in a dialog: the native
 * `<dialog>`, closed with its button, Escape or a press outside the picture) and the shop's reply.
 */
import { useRef, useState } from 'react';
import { FIT_LABELS } from '@shared/reviews/review-rules';
import type { Review } from '@shared/reviews/review-schemas';
import { RatingStars } from './review-summary';

/**
 * A review's date, '28 Nov 2026'. The formatter is built at the first review shown, not when the chunk loads:
 * building one loads the browser's locale data, which a product without reviews need not pay for.
 */
let dateFormat: Intl.DateTimeFormat | undefined;
const reviewDate = (iso: string) =>
  (dateFormat ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })).format(new Date(iso));

export function ReviewItem({ review }: { review: Review }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<string | null>(null);
  const show = (url: string) => {
    setOpen(url);
    dialog.current?.showModal();
  };
  return (
    <li className="flex flex-col gap-2 border-b border-stone-200 py-4 last:border-b-0">
      <div className="flex flex-wrap items-center gap-2">
        <RatingStars rating={review.rating} label={`${review.rating} out of 5 stars`} />
        <h3 className="font-semibold text-stone-900">{review.title}</h3>
      </div>
      <p className="flex flex-wrap gap-x-3 text-xs text-stone-600">
        <span>{review.author}</span>
        <span>{reviewDate(review.createdAt)}</span>
        <span className="font-medium text-emerald-700">Verified purchase</span>
        {review.size && <span>Size bought: {review.size}</span>}
        {review.fit && <span>{FIT_LABELS[review.fit]}</span>}
      </p>
      <p className="text-sm leading-relaxed whitespace-pre-line text-stone-700">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="flex gap-2" aria-label="Photos">
          {review.photos.map((photo, index) => (
            <li key={photo.url}>
              <button
                type="button"
                onClick={() => show(photo.url)}
                className="block overflow-hidden rounded-md ring-1 ring-stone-200"
              >
                <img
                  src={photo.url}
                  alt={`Photo ${index + 1} of ${review.author}'s review`}
                  loading="lazy"
                  className="size-20 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="rounded-md bg-stone-100 p-3 text-sm text-stone-700">
          <p className="font-semibold text-stone-900">Reply from the shop</p>
          <p className="whitespace-pre-line">{review.reply.text}</p>
        </div>
      )}
      <dialog
        ref={dialog}
        aria-label="Review photo"
        onClose={() => setOpen(null)}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
        className="m-auto max-h-[90vh] max-w-[95vw] rounded-lg bg-white p-2 backdrop:bg-black/70"
      >
        {open && <img src={open} alt="Review photo, larger" className="max-h-[80vh] w-auto object-contain" />}
        <form method="dialog" className="mt-2 flex justify-end">
          <button type="submit" className="rounded-md border border-stone-300 px-3 py-1.5 text-sm">
            Close
          </button>
        </form>
      </dialog>
    </li>
  );
}
