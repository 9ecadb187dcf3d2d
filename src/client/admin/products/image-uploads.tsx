/**
 * Adding images to a product: choose several files (JPEG, PNG or WebP, at most 10 MB each); each is sent on
 * its own, in turn, with its progress and its result (or the server's reason for refusing it) shown per
 * file. A file over 10 MB is refused here before it is sent.
 */
import { useRef, useState } from 'react';
import { adminProductImagesSchema, type AdminProductImages } from '@shared/admin/admin-image-schemas';
import { FieldError } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { uploadFile } from '@client/lib/upload-file';

/** Largest file sent, in bytes (the server refuses larger ones too). */
const MAX_BYTES = 10 * 1024 * 1024;

type Upload = {
  key: number;
  name: string;
  sent: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
};

export function ImageUploads({
  path,
  onUploaded,
}: {
  /** Where each file is posted (`/products/:productId/images`). */
  path: string;
  onUploaded: (images: AdminProductImages) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(0);
  const update = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const send = async (files: File[]) => {
    const added = files.map((file) => ({ file, key: nextKey.current++ }));
    setUploads((all) => [
      ...all.filter((upload) => upload.state !== 'done'),
      ...added.map(({ file, key }) => ({ key, name: file.name, sent: 0, state: 'waiting' as const })),
    ]);
    for (const { file, key } of added) {
      if (file.size > MAX_BYTES) {
        update(key, { state: 'failed', error: `${file.name} is larger than 10 MB` });
        continue;
      }
      update(key, { state: 'sending' });
      try {
        const images = await uploadFile(path, file, adminProductImagesSchema, (sent) =>
          update(key, { sent }),
        );
        onUploaded(images);
        update(key, { state: 'done', sent: 1 });
      } catch (error) {
        update(key, { state: 'failed', error: errorText(error) });
      }
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label className="btn btn-default btn-md w-fit cursor-pointer focus-within:outline-2 focus-within:outline-offset-2">
        Add images
        <input
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void send(files);
          }}
        />
      </label>
      <p className="text-xs text-stone-500">JPEG, PNG or WebP, up to 10 MB each.</p>
      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="flex flex-col gap-1 text-sm">
          {uploads.map((upload) => (
            <li key={upload.key} className="rounded-md border border-stone-200 bg-white px-3 py-2">
              <div className="flex justify-between gap-2">
                <span className="min-w-0 truncate">{upload.name}</span>
                <span
                  className={upload.state === 'failed' ? 'shrink-0 text-red-800' : 'shrink-0 text-stone-600'}
                >
                  {upload.state === 'waiting'
                    ? 'Waiting'
                    : upload.state === 'sending'
                      ? `${Math.round(upload.sent * 100)}%`
                      : upload.state === 'done'
                        ? 'Uploaded'
                        : 'Not uploaded'}
                </span>
              </div>
              {upload.state === 'sending' && (
                <progress
                  className="h-1 w-full"
                  max={1}
                  value={upload.sent}
                  aria-label={`Sending ${upload.name}`}
                />
              )}
              <FieldError className="text-xs">{upload.error}</FieldError>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
