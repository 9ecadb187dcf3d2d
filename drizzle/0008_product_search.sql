-- Catalogue search: pg_trgm (spelling fallback) and unaccent ship with PostgreSQL and PGlite alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"terms" text[] NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"store_id" integer NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_store_id_word_pk" PRIMARY KEY("store_id","word")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_colors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_fabrics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_synonyms_store" ON "search_synonyms" USING btree ("store_id","position");--> statement-breakpoint
CREATE INDEX "search_words_trigram" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_variants_store_color_size" ON "product_variants" USING btree ("store_id",lower("color"),lower("size"));--> statement-breakpoint
CREATE INDEX "products_search_document" ON "products" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "products_store_created" ON "products" USING btree ("store_id","created_at");--> statement-breakpoint
-- Products imported before this migration: the search columns and vocabulary the import keeps from now on
-- (the same rule as src/server/modules/catalog/search-index.ts).
UPDATE "products" p SET
  ("search_document", "search_text", "search_sizes", "search_colors", "search_fabrics") = (
    SELECT
      setweight(to_tsvector('english', unaccent(p.title)), 'A') ||
        setweight(to_tsvector('english', unaccent(concat_ws(' ', c.name, p.parent_category))), 'B') ||
        setweight(to_tsvector('english', unaccent(concat_ws(' ', a.words, p.sku, vs.skus))), 'C') ||
        setweight(to_tsvector('english', unaccent(p.description)), 'D'),
      lower(unaccent(concat_ws(' ', p.title, c.name, p.parent_category, a.words, p.description))),
      coalesce(a.sizes, '{}'),
      coalesce(a.colors, '{}'),
      coalesce(a.fabrics, '{}')
    FROM "categories" c,
      LATERAL (
        SELECT
          string_agg(v.value, ' ') FILTER (WHERE lower(pa.key) IN ('fabric', 'work', 'occasion', 'color', 'colour', 'colors', 'colours')) AS words,
          array_agg(v.value ORDER BY pa.position, v.n) FILTER (WHERE lower(pa.key) IN ('size', 'sizes')) AS sizes,
          array_agg(v.value ORDER BY pa.position, v.n) FILTER (WHERE lower(pa.key) IN ('color', 'colour', 'colors', 'colours')) AS colors,
          array_agg(v.value ORDER BY pa.position, v.n) FILTER (WHERE lower(pa.key) = 'fabric') AS fabrics
        FROM "product_attributes" pa
        CROSS JOIN LATERAL jsonb_array_elements_text(pa.values) WITH ORDINALITY AS v(value, n)
        WHERE pa.product_id = p.id AND trim(v.value) <> ''
      ) a,
      LATERAL (
        SELECT string_agg(v.sku, ' ' ORDER BY v.position) AS skus FROM "product_variants" v WHERE v.product_id = p.id
      ) vs
    WHERE c.id = p.category_id
  );--> statement-breakpoint
INSERT INTO "search_words" ("store_id", "word")
SELECT DISTINCT p.store_id, w
FROM "products" p
CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('simple', p.search_text))) AS w
WHERE length(w) > 1 AND w !~ '^[0-9]+$';
