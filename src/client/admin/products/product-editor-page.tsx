/**
 * `/admin/products/new` and `/admin/products/:productId`: the product editor (docs/admin.md "Product") —
 * the product's fields, its options and variant matrix, saved with one button (react-hook-form with the
 * shared schema, so the form refuses what the server would, with the catalogue file's messages); a refused
 * field from the server (a SKU in use) shows under its input. An existing product also shows archive /
 * put back on sale, a link to its images, and its history from the audit log.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  adminProductInputSchema,
  type AdminProductDetail,
  type AdminProductInput,
} from '@shared/admin/admin-product-editor-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { ProductFields } from './product-fields';
import { formValuesOf } from './product-form-values';
import { ProductHistory } from './product-history';
import { adminCategoriesQuery, adminProductQuery, saveProduct, setArchived } from './product-queries';
import { VariantMatrix } from './variant-matrix';

const resolver = zodResolver(adminProductInputSchema) as unknown as Resolver<AdminProductInput>;

/**
 * The form of one version of the product: keyed by the product's `updatedAt`, so a save (or archive) starts
 * a fresh form from what the server stored — with the new variants' ids — while a background refetch of the
 * same version leaves what the owner is typing alone.
 */
function Editor({ product, categories }: { product: AdminProductDetail | null; categories: string[] }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<AdminProductInput>({ resolver, defaultValues: formValuesOf(product?.values ?? null) });

  const remember = (saved: AdminProductDetail) => {
    client.setQueryData(adminProductQuery(saved.id).queryKey, saved);
    void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'products'] });
  };
  const save = useMutation({
    mutationFn: (body: AdminProductInput) => saveProduct(product?.id ?? null, body),
    onSuccess: (saved) => {
      remember(saved);
      toast.success(product ? 'Saved: the shop shows it now' : 'Product created');
      if (!product) void navigate(`/products/${saved.id}`, { replace: true });
    },
    onError: (error) => {
      // The server names the form's own paths (`sku`, `variants.2.sku`); its sentence ('Invalid fields: …' or
      // 'SKU … is in use') is the toast.
      setFieldErrors(error, form.setError, (key) => key as FieldPath<AdminProductInput>);
      toast.error(errorText(error));
    },
  });
  const archive = useMutation({
    mutationFn: (archived: boolean) => setArchived(product!.id, archived),
    onSuccess: (saved) => {
      remember(saved);
      toast.success(saved.archivedAt ? 'Archived: hidden from the shop' : 'Back on sale');
    },
    onError: (error) => toast.error(errorText(error)),
  });

  return (
    <form
      noValidate
      aria-label={product ? 'Edit product' : 'New product'}
      className="flex flex-col gap-3 pb-20"
      onSubmit={form.handleSubmit(
        (body) => save.mutate(body),
        () => toast.error('Some fields need attention'),
      )}
    >
      <ProductFields form={form} categories={categories} />
      <VariantMatrix form={form} />
      <div className="sticky bottom-16 z-10 flex gap-2 rounded-lg border border-stone-200 bg-white/95 p-2 shadow md:bottom-2">
        <Button type="submit" className="flex-1" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : product ? 'Save' : 'Create product'}
        </Button>
        {product && (
          <Button
            type="button"
            variant={product.archivedAt ? 'secondary' : 'outline'}
            disabled={archive.isPending}
            onClick={() => {
              if (product.archivedAt || window.confirm('Archive this product? The shop stops showing it.')) {
                archive.mutate(!product.archivedAt);
              }
            }}
          >
            {product.archivedAt ? 'Put back on sale' : 'Archive'}
          </Button>
        )}
      </div>
    </form>
  );
}

export function ProductEditorPage() {
  const { productId } = useParams();
  const isNew = productId === undefined;
  const query = useQuery({ ...adminProductQuery(productId ?? ''), enabled: !isNew });
  const categories = useQuery({ ...adminCategoriesQuery, enabled: isNew });
  if (!isNew && query.isPending) return <p className="text-stone-600">Loading…</p>;
  if (!isNew && query.isError) return <Alert>{errorText(query.error)}</Alert>;
  const product = isNew ? null : query.data!;
  return (
    <article aria-labelledby="product-heading" className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to="/products" className="text-xs text-brand-700">
            ← Products
          </Link>
          <h1 id="product-heading" className="text-lg font-semibold">
            {product ? product.values.title : 'New product'}
          </h1>
          {product?.archivedAt && (
            <p className="rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900">
              Archived: not shown in the shop
            </p>
          )}
        </div>
        {product && (
          <Button asChild variant="outline" size="sm">
            <Link to={`/products/${product.id}/images`}>Images</Link>
          </Button>
        )}
      </div>
      <Editor
        key={product?.updatedAt ?? 'new'}
        product={product}
        categories={product?.categories ?? categories.data ?? []}
      />
      {product && <ProductHistory history={product.history} />}
    </article>
  );
}
