/**
 * `/admin/products/:productId/images` (owner and staff): a product's images — add several at once with
 * progress and errors per file, thumbnails, change the order by dragging (finger or mouse) or with Move up /
 * Move down, delete, and choose the image shown when a shopper picks each colour of its variants. Every
 * change is saved at once and reaches the storefront within 2 seconds. Loaded lazily (its own chunk).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { AdminProductImages } from '@shared/admin/admin-image-schemas';
import { Alert } from '@client/components/ui/alert';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { ImageOrderList } from './image-order-list';
import { ImageUploads } from './image-uploads';
import { adminProductQuery } from './product-queries';
import {
  chooseColourImage,
  deleteImage,
  productImagesPath,
  productImagesQuery,
  reorderImages,
} from './product-image-queries';

export function ProductImagesPage() {
  const { productId = '' } = useParams();
  const client = useQueryClient();
  const images = useQuery(productImagesQuery(productId));
  // Every change shows at once here, and the product's editor reads the product again (its form holds the
  // image list: a save from a stale form would put the old images back).
  const show = (data: AdminProductImages) => {
    client.setQueryData(productImagesQuery(productId).queryKey, data);
    void client.invalidateQueries({ queryKey: adminProductQuery(productId).queryKey });
  };
  const change = useMutation({
    mutationFn: (run: () => Promise<AdminProductImages>) => run(),
    onSuccess: show,
    onError: (error) => {
      toast.error(errorText(error));
      void client.invalidateQueries({ queryKey: productImagesQuery(productId).queryKey });
    },
  });
  const data = images.data;

  return (
    <section aria-labelledby="images-title" className="flex flex-col gap-4">
      <Link to="/products" className="text-sm text-brand-700 hover:underline">
        ← Products
      </Link>
      <div>
        <h1 id="images-title" className="text-lg font-semibold">
          Images
        </h1>
        {data && (
          <p className="text-sm text-stone-600">
            {data.title} · <span className="font-mono">{data.sku}</span>
          </p>
        )}
      </div>
      {images.isError && <Alert>{errorText(images.error)}</Alert>}
      {data && (
        <>
          <ImageUploads path={productImagesPath(productId)} onUploaded={show} />
          <ImageOrderList
            images={data.images}
            busy={change.isPending}
            onReorder={(imageIds) => {
              // Shown in the new order at once; the answer (or a reload after an error) confirms it.
              const byId = new Map(data.images.map((image) => [image.id, image]));
              show({ ...data, images: imageIds.map((id) => byId.get(id)!).filter(Boolean) });
              change.mutate(() => reorderImages(productId, imageIds));
            }}
            onDelete={(imageId) => change.mutate(() => deleteImage(productId, imageId))}
          />
          {data.colours.length > 0 && (
            <fieldset className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
              <legend className="px-1 text-sm font-semibold">Image per colour</legend>
              <p className="text-xs text-stone-500">
                The product page shows this image when a shopper picks the colour.
              </p>
              {data.colours.map((colour) => {
                const chosen = data.images.find((image) => image.id === colour.imageId);
                const own = colour.imageId === null && colour.url !== null;
                return (
                  <label key={colour.colour} className="flex items-center gap-2 text-sm">
                    <span className="w-24 shrink-0 truncate">{colour.colour}</span>
                    <select
                      className="field min-w-0 flex-1"
                      aria-label={`Image for ${colour.colour}`}
                      value={colour.imageId ?? ''}
                      disabled={change.isPending}
                      onChange={(event) => {
                        const imageId = event.target.value ? Number(event.target.value) : null;
                        change.mutate(() => chooseColourImage(productId, colour.colour, imageId));
                      }}
                    >
                      <option value="">{own ? 'Its image from the catalogue file' : 'Main image'}</option>
                      {data.images.map((image, index) => (
                        <option key={image.id} value={image.id}>
                          Image {index + 1}
                        </option>
                      ))}
                    </select>
                    {colour.url && (
                      <img
                        src={colour.url}
                        srcSet={chosen?.srcset ?? undefined}
                        sizes={chosen?.srcset ? '40px' : undefined}
                        alt=""
                        width={40}
                        height={50}
                        className="h-12 w-10 shrink-0 rounded object-cover"
                      />
                    )}
                  </label>
                );
              })}
            </fieldset>
          )}
        </>
      )}
    </section>
  );
}
