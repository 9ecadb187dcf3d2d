/**
 * The size, colour and quantity choices of a product (docs/product.md §2 "Product detail", §5 "Cart and product"), shared
 * by the product page and the cards' Quick View: the size buttons with the product's 'Size chart' (its
 * category's own chart, else the shop's for clothing sizes — never a single 'One Size' or fabric by the metre), the colour buttons, and the quantity stepper with, for fabric sold by the metre, the line's
 * total. Sold-out or unavailable options are disabled. Each group carries `data-choice` (`size`, `colour`) so
 * a caller can bring a missing choice into view.
 */
import type { ReactNode } from 'react';
import { formatRupees } from '@shared/money';
import { lineTotal } from '@client/lib/cart/cart-reducer';
import { colorChoices, productOptions, selectColor, sizeChoices } from '@client/lib/catalog/product-variants';
import { sizeHeading } from '@client/lib/catalog/size-heading';
import type { ProductChoice } from '@client/lib/catalog/use-product-choice';
import { quantityTimesPrice } from '@client/lib/orders/line-text';
import { OptionGroup, QuantityStepper } from './product-detail-options';
import { SizeChartButton } from './size-chart-button';

/** `sizeNote`: shown under the size buttons (the product page's fit summary); first when there are none. */
export function ProductChoices({ choice, sizeNote }: { choice: ProductChoice; sizeNote?: ReactNode }) {
  const { product, selection, setSelection, quantity, setQuantity, rule, price } = choice;
  const { sizes } = productOptions(product);
  const heading = sizeHeading({ ...product, sizes });
  const colourOptions = colorChoices(product);
  return (
    <>
      {sizes.length > 0 && (
        <div data-choice="size" className="flex flex-col gap-2">
          <OptionGroup
            heading={heading}
            options={sizeChoices(product, selection.color)}
            selected={selection.size}
            onSelect={(size) => setSelection((current) => ({ ...current, size }))}
            unavailableText={selection.color ? `not available in ${selection.color}` : undefined}
          />
          {product.unit !== 'm' && heading !== 'Size' && (
            <SizeChartButton product={product} sizes={sizes} clothingSizes={heading === 'Clothing Size'} />
          )}
          {sizeNote}
        </div>
      )}
      {sizes.length === 0 && sizeNote}
      {colourOptions.length > 0 && (
        <div data-choice="colour">
          <OptionGroup
            heading="Colour"
            options={colourOptions}
            selected={selection.color}
            onSelect={(color) => setSelection((current) => selectColor(product, current, color))}
          />
        </div>
      )}
      {!choice.soldOut && (
        <div className="flex flex-col gap-2">
          <QuantityStepper value={quantity} onChange={setQuantity} rule={rule} />
          {product.unit === 'm' && (
            <p className="text-sm text-stone-600" data-testid="product-line-total">
              {quantityTimesPrice(quantity, product.unit, formatRupees(price))} ={' '}
              <span className="font-semibold text-stone-900">
                {formatRupees(lineTotal({ price, quantity }))}
              </span>
            </p>
          )}
        </div>
      )}
    </>
  );
}
