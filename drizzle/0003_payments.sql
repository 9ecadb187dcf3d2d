CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"gateway_id" text,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"payer" jsonb,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('initiated', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_store_provider_gateway_id" ON "payments" USING btree ("store_id","provider","gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_attempt" ON "payments" USING btree ("order_id","provider") WHERE "payments"."gateway_id" IS NULL;--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id","created_at");