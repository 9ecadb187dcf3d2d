/**
 * A product's images in display order, with their place changed by dragging the handle (pointer events, so
 * a finger on a phone works as well as a mouse; no drag-and-drop library) or by the Move up / Move down
 * buttons (keyboard), and deleted after a confirming second press. The first image is the main image.
 */
import { useRef, useState, type PointerEvent } from 'react';
import type { AdminProductImage } from '@shared/admin/admin-image-schemas';
import { Button } from '@client/components/ui/button';

/** `ids` with `id` moved to `index`. */
export function moved(ids: number[], id: number, index: number): number[] {
  const rest = ids.filter((candidate) => candidate !== id);
  rest.splice(Math.max(0, Math.min(index, rest.length)), 0, id);
  return rest;
}

export function ImageOrderList({
  images,
  busy,
  onReorder,
  onDelete,
}: {
  images: AdminProductImage[];
  busy: boolean;
  onReorder: (imageIds: number[]) => void;
  onDelete: (imageId: number) => void;
}) {
  const ids = images.map((image) => image.id);
  const [preview, setPreview] = useState<number[] | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const dragged = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const byId = new Map(images.map((image) => [image.id, image]));
  const order = (preview ?? ids).filter((id) => byId.has(id));

  const startDrag = (event: PointerEvent<HTMLDivElement>, id: number) => {
    if (busy || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragged.current = id;
    setActive(id);
    setPreview(ids);
  };
  const drag = (event: PointerEvent<HTMLDivElement>) => {
    const id = dragged.current;
    if (id === null || !list.current) return;
    // The new place: after every other image whose middle is above the pointer.
    let index = 0;
    for (const item of list.current.querySelectorAll<HTMLElement>('[data-image-id]')) {
      if (Number(item.dataset.imageId) === id) continue;
      const box = item.getBoundingClientRect();
      if (event.clientY > box.top + box.height / 2) index += 1;
    }
    setPreview((current) => moved(current ?? ids, id, index));
  };
  const drop = () => {
    if (dragged.current === null) return;
    dragged.current = null;
    setActive(null);
    if (preview && preview.join() !== ids.join()) onReorder(preview);
    setPreview(null);
  };
  const cancel = () => {
    dragged.current = null;
    setActive(null);
    setPreview(null);
  };

  if (images.length === 0) return <p className="py-6 text-center text-stone-600">No images yet.</p>;
  return (
    <ol ref={list} aria-label="Images" className="flex flex-col gap-2">
      {order.map((id, index) => {
        const image = byId.get(id)!;
        const label = `Image ${index + 1}`;
        return (
          <li
            key={id}
            data-image-id={id}
            className={`flex items-center gap-3 rounded-lg border bg-white p-2 ${
              active === id ? 'border-brand-600 shadow-md' : 'border-stone-200'
            }`}
          >
            <div
              aria-hidden="true"
              data-drag-handle
              title="Drag to change the order"
              className="flex h-24 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-stone-400 select-none hover:bg-stone-100 active:cursor-grabbing"
              onPointerDown={(event) => startDrag(event, id)}
              onPointerMove={drag}
              onPointerUp={drop}
              onPointerCancel={cancel}
            >
              ⋮⋮
            </div>
            <img
              src={image.url}
              srcSet={image.srcset ?? undefined}
              sizes={image.srcset ? '80px' : undefined}
              alt={label}
              width={80}
              height={100}
              loading="lazy"
              className="h-24 w-20 shrink-0 rounded object-cover"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <span className="font-medium">
                {label}
                {index === 0 && <span className="ml-2 text-xs text-brand-700">Main image</span>}
              </span>
              <span className="truncate text-xs text-stone-500">
                {image.width ? `${image.width} × ${image.height} px` : image.url}
              </span>
              <div className="flex flex-wrap gap-1">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy || index === 0}
                  onClick={() => onReorder(moved(ids, id, index - 1))}
                  aria-label={`Move ${label} up`}
                >
                  Move up
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy || index === order.length - 1}
                  onClick={() => onReorder(moved(ids, id, index + 1))}
                  aria-label={`Move ${label} down`}
                >
                  Move down
                </Button>
                {confirming === id ? (
                  <>
                    <Button size="sm" variant="destructive" disabled={busy} onClick={() => onDelete(id)}>
                      Delete {label.toLowerCase()}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                      Keep
                    </Button>
                  </>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => setConfirming(id)}
                    aria-label={`Delete ${label}`}
                  >
                    Delete
                  </Button>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
