/**
 * The variant grid's 'Generate variants' step (docs/admin.md "Product"): the Size × Colour combinations the
 * product does not sell yet as a list of checkboxes, none ticked — a combination the shop left out stays out —
 * and 'Add N variants' adding exactly the ticked ones (at stock 0, tracked). Variants of sizes or colours no
 * longer listed are named, with a button to remove them.
 */
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { comboKey, comboLabel, unlistedRows, type Combo, type Row } from './variant-rows';

type Props = {
  /** The combinations not sold yet, in the grid's order. */
  missing: Combo[];
  /** The rows on screen, of which those of unlisted values are offered for removal. */
  unlisted: Row[];
  sizes: string[];
  colors: string[];
  onAdd: (combos: Combo[]) => void;
  onRemove: (rows: Row[]) => void;
  onClose: () => void;
};

/** The panel of Generate: tick the missing combinations to add, or close it. */
export function VariantAddPanel({ missing, unlisted, sizes, colors, onAdd, onRemove, onClose }: Props) {
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const gone = unlistedRows(sizes, colors, unlisted);
  const chosen = missing.filter((combo) => ticked.has(comboKey(combo.size, combo.color)));
  const count = chosen.length;
  return (
    <div
      role="group"
      aria-labelledby="add-variants-title"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm"
    >
      <h3 id="add-variants-title" className="font-medium">
        Combinations not sold yet
      </h3>
      {missing.length === 0 ? (
        <p>Every combination of these sizes and colours is already a variant.</p>
      ) : (
        <>
          <p className="text-stone-700">
            Tick the ones you sell; they are added at stock 0. Nothing is ticked for you.
          </p>
          <fieldset className="grid grid-cols-2 gap-1">
            <legend className="sr-only">Combinations to add</legend>
            {missing.map((combo) => {
              const key = comboKey(combo.size, combo.color);
              return (
                <label key={key} className="flex items-center gap-2 rounded bg-white px-2 py-1.5">
                  <input
                    type="checkbox"
                    checked={ticked.has(key)}
                    onChange={(event) =>
                      setTicked((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.add(key);
                        else next.delete(key);
                        return next;
                      })
                    }
                  />
                  {comboLabel(combo.size, combo.color)}
                </label>
              );
            })}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setTicked(new Set(missing.map((combo) => comboKey(combo.size, combo.color))))}
            >
              Tick all {missing.length}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={count === 0}
              onClick={() => setTicked(new Set())}
            >
              Untick all
            </Button>
          </div>
        </>
      )}
      {gone.length > 0 && (
        <div className="flex flex-col gap-1 rounded bg-white p-2">
          <p>
            {gone.length === 1 ? '1 variant uses' : `${gone.length} variants use`} a size or colour no longer
            listed: {gone.map((row) => comboLabel(row.size, row.color)).join(', ')}
          </p>
          <Button type="button" size="sm" variant="outline" onClick={() => onRemove(gone)}>
            Remove {gone.length === 1 ? 'it' : 'them'}
          </Button>
        </div>
      )}
      <div className="flex gap-2">
        {missing.length > 0 && (
          <Button
            type="button"
            size="sm"
            className="flex-1"
            disabled={count === 0}
            onClick={() => onAdd(chosen)}
          >
            Add {count} {count === 1 ? 'variant' : 'variants'}
          </Button>
        )}
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          {missing.length > 0 ? 'Cancel' : 'Close'}
        </Button>
      </div>
    </div>
  );
}
