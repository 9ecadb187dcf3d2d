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
-- Rewrites the offers of the products `ids`. The rows are locked first, in id order (no deadlock between two
-- orders), and read after the lock, so two orders selling the last pieces of two variants of one product both
-- count. Unchanged products are not written.
CREATE FUNCTION refresh_product_offers(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM products WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  -- EXECUTE: planned on every call for the tables as they are now. An import grows them by thousands of rows
  -- between statistics runs; a plan kept from when they were small would read them whole for every statement.
  EXECUTE $sql$
    UPDATE products p SET
      offer_sizes = s.sizes, offer_colors = s.colors, offer_pairs = s.pairs, offer_entries = s.entries,
      offer_min_price_paise = s.min_price, offer_max_price_paise = s.max_price
    FROM (
      SELECT q.id,
        coalesce(array_agg(DISTINCT lower(o.size)) FILTER (WHERE o.size IS NOT NULL), '{}') AS sizes,
        coalesce(array_agg(DISTINCT lower(o.color)) FILTER (WHERE o.color IS NOT NULL), '{}') AS colors,
        coalesce(array_agg(DISTINCT lower(o.size) || chr(31) || lower(o.color))
          FILTER (WHERE o.size IS NOT NULL AND o.color IS NOT NULL), '{}') AS pairs,
        coalesce(array_agg(coalesce(o.size, '') || chr(31) || coalesce(o.color, '') || chr(31) || o.price
          ORDER BY o.n) FILTER (WHERE o.n IS NOT NULL), '{}') AS entries,
        min(o.price) AS min_price,
        max(o.price) AS max_price
      FROM products q
      LEFT JOIN LATERAL (
        SELECT v.size, v.color,
          coalesce(v.discounted_price_paise, v.regular_price_paise, q.discounted_price_paise, q.regular_price_paise)
            AS price,
          v.position::bigint AS n
        FROM product_variants v
        -- By product only (a variant is of its product's store): a store_id test invites the planner, before
        -- statistics exist, to read the store's whole index.
        WHERE v.product_id = q.id
          AND (v.stock IS NULL OR (v.stock > 0 AND v.stock >= q.min_quantity))
        UNION ALL
        SELECT s.size, k.color, coalesce(q.discounted_price_paise, q.regular_price_paise), s.n * 1000 + k.n
        FROM unnest(CASE WHEN cardinality(q.search_sizes) = 0 THEN array[NULL]::text[] ELSE q.search_sizes END)
            WITH ORDINALITY AS s(size, n)
          CROSS JOIN unnest(
            CASE WHEN cardinality(q.search_colors) = 0 THEN array[NULL]::text[] ELSE q.search_colors END
          ) WITH ORDINALITY AS k(color, n)
        WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = q.id)
          AND (q.stock IS NULL OR (q.stock > 0 AND q.stock >= q.min_quantity))
      ) o ON true
      WHERE q.id = ANY($1)
      GROUP BY q.id
    ) s
    WHERE p.id = s.id
      AND (p.offer_sizes, p.offer_colors, p.offer_pairs, p.offer_entries, p.offer_min_price_paise,
        p.offer_max_price_paise) IS DISTINCT FROM (s.sizes, s.colors, s.pairs, s.entries, s.min_price, s.max_price)
  $sql$ USING ids;
END
$$;--> statement-breakpoint
-- A new product has no variants yet: its offers are its own, computed before it is written (no second write).
CREATE FUNCTION products_new_offers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  price integer := coalesce(NEW.discounted_price_paise, NEW.regular_price_paise);
BEGIN
  IF NEW.stock IS NULL OR (NEW.stock > 0 AND NEW.stock >= NEW.min_quantity) THEN
    SELECT
      coalesce(array_agg(DISTINCT lower(o.size)) FILTER (WHERE o.size IS NOT NULL), '{}'),
      coalesce(array_agg(DISTINCT lower(o.color)) FILTER (WHERE o.color IS NOT NULL), '{}'),
      coalesce(array_agg(DISTINCT lower(o.size) || chr(31) || lower(o.color))
        FILTER (WHERE o.size IS NOT NULL AND o.color IS NOT NULL), '{}'),
      coalesce(array_agg(coalesce(o.size, '') || chr(31) || coalesce(o.color, '') || chr(31) || price
        ORDER BY o.n), '{}')
    INTO NEW.offer_sizes, NEW.offer_colors, NEW.offer_pairs, NEW.offer_entries
    FROM (
      SELECT s.size, k.color, s.n * 1000 + k.n AS n
      FROM unnest(CASE WHEN cardinality(NEW.search_sizes) = 0 THEN array[NULL]::text[] ELSE NEW.search_sizes END)
          WITH ORDINALITY AS s(size, n)
        CROSS JOIN unnest(
          CASE WHEN cardinality(NEW.search_colors) = 0 THEN array[NULL]::text[] ELSE NEW.search_colors END
        ) WITH ORDINALITY AS k(color, n)
    ) o;
    NEW.offer_min_price_paise := price;
    NEW.offer_max_price_paise := price;
  ELSE
    NEW.offer_sizes := '{}';
    NEW.offer_colors := '{}';
    NEW.offer_pairs := '{}';
    NEW.offer_entries := '{}';
    NEW.offer_min_price_paise := NULL;
    NEW.offer_max_price_paise := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_new_offers BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION products_new_offers();--> statement-breakpoint
-- A product's own changes: stock, minimum quantity, prices, size and colour attributes (the offers' own
-- writes change none of these, so they end here).
CREATE FUNCTION products_keep_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_offers(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.stock, n.min_quantity, n.regular_price_paise, n.discounted_price_paise, n.search_sizes,
      n.search_colors) IS DISTINCT FROM (o.stock, o.min_quantity, o.regular_price_paise,
      o.discounted_price_paise, o.search_sizes, o.search_colors)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_keep_offers AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_keep_offers();--> statement-breakpoint
-- Variants added, changed (stock, prices, size, colour) or removed.
CREATE FUNCTION product_variants_keep_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_offers(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_offers(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM refresh_product_offers(ARRAY(
      SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.stock, n.size, n.color, n.regular_price_paise, n.discounted_price_paise, n.position, n.product_id)
        IS DISTINCT FROM (o.stock, o.size, o.color, o.regular_price_paise, o.discounted_price_paise, o.position,
          o.product_id)
      UNION SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id));
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
-- Products already stored: fill their offers.
SELECT refresh_product_offers(ARRAY(SELECT id FROM products));
