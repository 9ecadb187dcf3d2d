/**
 * The store logo upload (owner only; placed on the store settings screen): shows the current logo, sends
 * one JPEG, PNG or WebP (at most 10 MB) with its progress to `POST /api/v1/admin/settings/logo`, and shows
 * the server's reason when it refuses the file. The new logo is the store's `companyLogoUrl` at once;
 * `onUploaded` gets its answer (URL, `srcset`, pixel size).
 */
import { useId, useState } from 'react';
import { storeLogoSchema, type StoreLogo } from '@shared/admin/admin-image-schemas';
import { FieldError } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { uploadFile } from '@client/lib/upload-file';

const MAX_BYTES = 10 * 1024 * 1024;

export function LogoUpload({
  currentUrl,
  onUploaded,
}: {
  /** The store's logo now (`companyLogoUrl`), or null for none. */
  currentUrl: string | null;
  onUploaded: (logo: StoreLogo) => void;
}) {
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [logo, setLogo] = useState<StoreLogo | null>(null);
  const errorId = useId();
  const shownUrl = logo?.companyLogoUrl ?? currentUrl;

  const send = async (file: File) => {
    setError(null);
    if (file.size > MAX_BYTES) {
      setError(`${file.name} is larger than 10 MB`);
      return;
    }
    setSent(0);
    try {
      const uploaded = await uploadFile('/admin/settings/logo', file, storeLogoSchema, setSent);
      setLogo(uploaded);
      onUploaded(uploaded);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSent(null);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">Logo</span>
      <div className="flex items-center gap-3">
        {shownUrl ? (
          <img
            src={shownUrl}
            srcSet={logo?.srcset ?? undefined}
            sizes={logo?.srcset ? '160px' : undefined}
            alt="Store logo"
            className="h-16 max-w-40 rounded border border-stone-200 bg-white object-contain p-1"
          />
        ) : (
          <span className="text-sm text-stone-500">No logo yet.</span>
        )}
        <label className="btn btn-outline btn-sm cursor-pointer focus-within:outline-2 focus-within:outline-offset-2">
          {shownUrl ? 'Change logo' : 'Upload logo'}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={sent !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void send(file);
            }}
          />
        </label>
      </div>
      {sent !== null && (
        <progress className="h-1 w-full" max={1} value={sent} aria-label="Sending the logo" />
      )}
      <FieldError id={errorId}>{error ?? undefined}</FieldError>
      <p className="text-xs text-stone-500">JPEG, PNG or WebP, up to 10 MB.</p>
    </div>
  );
}
