CREATE TABLE "cart_reminder_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"reminder_after_hours" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	"restore_token" text NOT NULL,
	"link_origin" text
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"target_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"link_origin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_channel" CHECK ("stock_alerts"."channel" IN ('email', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "cart_reminder_settings" ADD CONSTRAINT "cart_reminder_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_carts" ADD CONSTRAINT "server_carts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_carts" ADD CONSTRAINT "server_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_carts_store_user" ON "server_carts" USING btree ("store_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "server_carts_restore_token" ON "server_carts" USING btree ("restore_token");--> statement-breakpoint
CREATE INDEX "server_carts_due" ON "server_carts" USING btree ("changed_at") WHERE "server_carts"."reminded_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting" ON "stock_alerts" USING btree ("store_id","product_id","target_key","channel","recipient") WHERE "stock_alerts"."sent_at" IS NULL AND "stock_alerts"."unsubscribed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_store_waiting" ON "stock_alerts" USING btree ("store_id","created_at") WHERE "stock_alerts"."sent_at" IS NULL AND "stock_alerts"."unsubscribed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token" ON "stock_alerts" USING btree ("unsubscribe_token");