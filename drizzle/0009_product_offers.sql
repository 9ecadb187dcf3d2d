ALTER TABLE "products" ADD COLUMN "offer_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_colors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_pairs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_entries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_min_price_paise" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_max_price_paise" integer;--> statement-breakpoint
CREATE INDEX "products_offer_sizes" ON "products" USING gin ("offer_sizes");--> statement-breakpoint
CREATE INDEX "products_offer_colors" ON "products" USING gin ("offer_colors");--> statement-breakpoint
CREATE INDEX "products_offer_pairs" ON "products" USING gin ("offer_pairs");--> statement-breakpoint
-- hand-written below
-- What can be bought now, per product (products.offer_*), kept by triggers so that every stock change —
-- an order, a cancelled or expired order's return, a re-reservation, an import, an edit — keeps search right
-- on PGlite and PostgreSQL alike. One offer per available variant (stock not tracked, or at least the
-- product's minimum quantity on hand; price: the variant's, else the product's, discounted first), or, for an
-- available product without variants, one per size × colour of its attributes at the product's price.
CREATE FUNCTION product_offer_summary(
  p_id uuid, p_store_id integer, p_stock numeric, p_min_quantity numeric, p_price integer,
  p_sizes text[], p_colors text[],
  OUT sizes text[], OUT colors text[], OUT pairs text[], OUT entries text[],
  OUT min_price integer, OUT max_price integer
) LANGUAGE sql STABLE AS $$
  SELECT
    coalesce(array_agg(DISTINCT lower(o.size)) FILTER (WHERE o.size IS NOT NULL), '{}'),
    coalesce(array_agg(DISTINCT lower(o.color)) FILTER (WHERE o.color IS NOT NULL), '{}'),
    coalesce(array_agg(DISTINCT lower(o.size) || chr(31) || lower(o.color))
      FILTER (WHERE o.size IS NOT NULL AND o.color IS NOT NULL), '{}'),
    coalesce(array_agg(coalesce(o.size, '') || chr(31) || coalesce(o.color, '') || chr(31) || o.price
      ORDER BY o.n), '{}'),
    min(o.price),
    max(o.price)
  FROM (
    SELECT v.size, v.color, coalesce(v.discounted_price_paise, v.regular_price_paise, p_price) AS price,
      v.position::bigint AS n
    FROM product_variants v
    WHERE v.product_id = p_id AND v.store_id = p_store_id
      AND (v.stock IS NULL OR (v.stock > 0 AND v.stock >= p_min_quantity))
    UNION ALL
    SELECT s.size, k.color, p_price, s.n * 1000 + k.n
    FROM unnest(CASE WHEN cardinality(p_sizes) = 0 THEN array[NULL]::text[] ELSE p_sizes END)
        WITH ORDINALITY AS s(size, n)
      CROSS JOIN unnest(CASE WHEN cardinality(p_colors) = 0 THEN array[NULL]::text[] ELSE p_colors END)
        WITH ORDINALITY AS k(color, n)
    WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p_id)
      AND (p_stock IS NULL OR (p_stock > 0 AND p_stock >= p_min_quantity))
  ) o
$$;--> statement-breakpoint
-- A product's own changes (its stock, minimum quantity, prices, size and colour attributes).
CREATE FUNCTION products_keep_offers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  SELECT * INTO s FROM product_offer_summary(NEW.id, NEW.store_id, NEW.stock, NEW.min_quantity,
    coalesce(NEW.discounted_price_paise, NEW.regular_price_paise), NEW.search_sizes, NEW.search_colors);
  NEW.offer_sizes := s.sizes;
  NEW.offer_colors := s.colors;
  NEW.offer_pairs := s.pairs;
  NEW.offer_entries := s.entries;
  NEW.offer_min_price_paise := s.min_price;
  NEW.offer_max_price_paise := s.max_price;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_keep_offers BEFORE INSERT OR UPDATE OF stock, min_quantity, regular_price_paise,
  discounted_price_paise, search_sizes, search_colors ON products
  FOR EACH ROW EXECUTE FUNCTION products_keep_offers();--> statement-breakpoint
-- Rewrites the offers of the products `ids` whose variants changed. The rows are locked first, in id order
-- (no deadlock between two orders), and read after the lock, so two orders selling the last pieces of two
-- variants of one product both count. Unchanged products are not written.
CREATE FUNCTION refresh_product_offers(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM products WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE products p SET
    offer_sizes = s.sizes, offer_colors = s.colors, offer_pairs = s.pairs, offer_entries = s.entries,
    offer_min_price_paise = s.min_price, offer_max_price_paise = s.max_price
  FROM products q
    CROSS JOIN LATERAL product_offer_summary(q.id, q.store_id, q.stock, q.min_quantity,
      coalesce(q.discounted_price_paise, q.regular_price_paise), q.search_sizes, q.search_colors) s
  WHERE q.id = ANY(ids) AND p.id = q.id
    AND (p.offer_sizes, p.offer_colors, p.offer_pairs, p.offer_entries, p.offer_min_price_paise,
      p.offer_max_price_paise) IS DISTINCT FROM (s.sizes, s.colors, s.pairs, s.entries, s.min_price, s.max_price);
END
$$;--> statement-breakpoint
CREATE FUNCTION product_variants_keep_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_offers(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_offers(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM refresh_product_offers(ARRAY(
      SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_keep_offers_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_keep_offers();--> statement-breakpoint
CREATE TRIGGER product_variants_keep_offers_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_keep_offers();--> statement-breakpoint
CREATE TRIGGER product_variants_keep_offers_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_keep_offers();--> statement-breakpoint
-- Products already stored: fill their offers (the trigger above does it; nothing else changes).
UPDATE products SET stock = stock;
