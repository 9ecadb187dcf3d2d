ALTER TABLE "products" ADD COLUMN "imported_stock" integer;--> statement-breakpoint
-- Products imported before this column existed: take their current stock as what the last import set.
UPDATE "products" SET "imported_stock" = "stock";
