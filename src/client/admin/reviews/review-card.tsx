/**
 * One review in the admin's list (docs/reviews.md "Moderation"): the product, the shopper, stars, title, text,
 * fit and size, photos, its status (and the reason it was hidden), and the steps: publish (held or hidden),
 * hide with a reason, and the shop's reply (empty text removes it).
 */
import { useState } from 'react';
import { FIT_LABELS } from '@shared/reviews/review-rules';
import type { AdminReview } from '@shared/reviews/review-schemas';
import { Button } from '@client/components/ui/button';
import { Input, Textarea } from '@client/components/ui/input';
import { useReviewStep } from './review-queries';

const STATUS_LABELS = { published: 'Published', pending: 'Waiting for approval', hidden: 'Hidden' } as const;

export function ReviewCard({ review }: { review: AdminReview }) {
  const step = useReviewStep(review.id);
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const [reply, setReply] = useState(review.reply?.text ?? '');
  const busy = step.isPending;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold">{review.productTitle}</span>
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs">{STATUS_LABELS[review.status]}</span>
      </p>
      <p className="text-stone-600">
        {review.author}
        {review.email && ` · ${review.email}`} · {new Date(review.createdAt).toLocaleDateString('en-IN')}
      </p>
      <p>
        <span aria-label={`${review.rating} out of 5 stars`}>{'★'.repeat(review.rating)}</span>{' '}
        <strong>{review.title}</strong>
      </p>
      <p className="whitespace-pre-line text-stone-700">{review.text}</p>
      {(review.size || review.fit) && (
        <p className="text-stone-600">
          {review.size && `Size ${review.size}`}
          {review.size && review.fit && ' · '}
          {review.fit && FIT_LABELS[review.fit]}
        </p>
      )}
      {review.photos.length > 0 && (
        <p className="flex gap-2">
          {review.photos.map((photo, index) => (
            <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer">
              <img src={photo.url} alt={`Photo ${index + 1}`} className="size-16 rounded object-cover" />
            </a>
          ))}
        </p>
      )}
      {review.status === 'hidden' && review.hiddenReason && (
        <p className="text-stone-600">Hidden: {review.hiddenReason}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {review.status !== 'published' && (
          <Button size="sm" disabled={busy} onClick={() => step.mutate({ action: 'publish' })}>
            Publish
          </Button>
        )}
        {review.status !== 'hidden' && !hiding && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setHiding(true)}>
            Hide
          </Button>
        )}
      </div>
      {hiding && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            step.mutate({ action: 'hide', reason }, { onSuccess: () => setHiding(false) });
          }}
        >
          <label className="flex flex-col gap-1">
            Reason for hiding
            <Input
              value={reason}
              required
              maxLength={300}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <div className="flex gap-2">
            <Button size="sm" type="submit" disabled={busy}>
              Hide review
            </Button>
            <Button size="sm" variant="ghost" type="button" onClick={() => setHiding(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          step.mutate({ action: 'reply', text: reply });
        }}
      >
        <label className="flex flex-col gap-1">
          The shop's reply (shown under the review; empty removes it)
          <Textarea
            rows={2}
            value={reply}
            maxLength={1000}
            onChange={(event) => setReply(event.target.value)}
          />
        </label>
        <Button size="sm" variant="outline" type="submit" disabled={busy} className="self-start">
          Save reply
        </Button>
      </form>
    </div>
  );
}
