ALTER TABLE "orders" ADD COLUMN "cod_confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "order_message_settings" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_opt_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cod_confirm_token" ON "orders" USING btree ("cod_confirm_token_hash") WHERE "orders"."cod_confirm_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_cod_confirm_due" ON "orders" USING btree ("cod_confirm_due_at") WHERE "orders"."status" = 5;