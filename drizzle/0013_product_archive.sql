ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_store_lower_sku" ON "products" USING btree ("store_id",lower("sku"));