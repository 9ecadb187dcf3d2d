/**
 * 'Write a review' for a signed-in shopper who received the product (docs/reviews.md "Writing a review"): the
 * rating, a title, the text, the fit (clothing only) and up to 3 photos. Checked with the shared
 * `reviewBodySchema`; what the server refuses shows under its field (or over the button). The review is sent
 * first, then each photo (`POST …/reviews/mine/photos`, one a request), then the page's reviews are read again.
 */
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { FIT_LABELS, MAX_REVIEW_PHOTOS, REVIEW_FITS } from '@shared/reviews/review-rules';
import {
  myReviewSchema,
  reviewBodySchema,
  type MyReview,
  type ReviewBody,
} from '@shared/reviews/review-schemas';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { myReviewKey, reviewsKey } from '@client/lib/reviews/review-queries';
import { uploadFile } from '@client/lib/upload-file';

const FIELDS = ['rating', 'title', 'text', 'fit'] as const;
const TOO_MANY_PHOTOS = `You can add at most ${MAX_REVIEW_PHOTOS} photos to a review`;

/** The form for product `productId`; `mine` says whether fit applies (`clothing`) and the size bought. */
export function ReviewForm({ productId, mine }: { productId: string; mine: MyReview }) {
  const client = useQueryClient();
  const [photos, setPhotos] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReviewBody>({
    resolver: zodResolver(reviewBodySchema),
    defaultValues: { title: '', text: '', fit: null },
  });
  const { errors, isSubmitting } = form.formState;
  const path = `/products/${encodeURIComponent(productId)}/reviews`;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await apiRequest(path, { method: 'POST', body });
    } catch (error) {
      const { shown } = setFieldErrors(error, form.setError, FIELDS);
      if (shown.length === 0) setFailure(errorText(error));
      return;
    }
    try {
      for (const photo of photos) await uploadFile(`${path}/mine/photos`, photo, myReviewSchema, () => {});
    } catch (error) {
      setFailure(errorText(error));
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: reviewsKey(productId) }),
      client.invalidateQueries({ queryKey: myReviewKey(productId) }),
    ]);
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-lg border border-stone-200 p-4">
      <h3 className="font-serif text-lg font-bold text-stone-900">Write a review</h3>
      {mine.size && <p className="text-sm text-stone-600">Size bought: {mine.size}</p>}
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <fieldset aria-invalid={errors.rating ? true : undefined} className="flex flex-col gap-1">
            <legend className="text-sm font-medium">Rating</legend>
            <div className="flex gap-3">
              {[1, 2, 3, 4, 5].map((star) => (
                <label key={star} className="flex items-center gap-1 text-sm">
                  <input
                    type="radio"
                    name="rating"
                    checked={field.value === star}
                    onChange={() => field.onChange(star)}
                    aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
                  />
                  <span aria-hidden="true">{star}★</span>
                </label>
              ))}
            </div>
            {errors.rating && <p className="text-sm text-red-700">Rating {errors.rating.message}</p>}
          </fieldset>
        )}
      />
      <FormField id="review-title" label="Title" required error={errors.title?.message}>
        {(control) => <Input {...control} {...form.register('title')} />}
      </FormField>
      <FormField id="review-text" label="Your review" required error={errors.text?.message}>
        {(control) => <Textarea {...control} rows={5} {...form.register('text')} />}
      </FormField>
      {mine.clothing && (
        <Controller
          control={form.control}
          name="fit"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-1">
              <legend className="text-sm font-medium">How does it fit?</legend>
              <div className="flex flex-wrap gap-3">
                {REVIEW_FITS.map((fit) => (
                  <label key={fit} className="flex items-center gap-1 text-sm">
                    <input
                      type="radio"
                      name="fit"
                      checked={field.value === fit}
                      onChange={() => field.onChange(fit)}
                    />
                    {FIT_LABELS[fit]}
                  </label>
                ))}
              </div>
              {errors.fit && <p className="text-sm text-red-700">Fit {errors.fit.message}</p>}
            </fieldset>
          )}
        />
      )}
      <FormField
        id="review-photos"
        label="Photos"
        hint={`Up to ${MAX_REVIEW_PHOTOS} pictures (JPEG, PNG or WebP).`}
        error={photos.length > MAX_REVIEW_PHOTOS ? TOO_MANY_PHOTOS : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => setPhotos([...(event.target.files ?? [])])}
            className="text-sm"
          />
        )}
      </FormField>
      <FormError>{failure}</FormError>
      <Button type="submit" disabled={isSubmitting || photos.length > MAX_REVIEW_PHOTOS}>
        {isSubmitting ? 'Sending…' : 'Send review'}
      </Button>
    </form>
  );
}
