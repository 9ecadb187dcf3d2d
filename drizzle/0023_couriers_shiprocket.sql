CREATE TABLE "courier_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_order_id" text,
	"shipment_id" text,
	"awb" text,
	"courier_name" text,
	"pickup_requested_at" timestamp with time zone,
	"booking_until" timestamp with time zone,
	"label_pdf" "bytea",
	"tracking_status" text,
	"tracking_status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shiprocket_accounts" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"email" text,
	"password" text,
	"pickup_location" text DEFAULT 'Primary' NOT NULL,
	"length_cm" integer DEFAULT 30 NOT NULL,
	"breadth_cm" integer DEFAULT 25 NOT NULL,
	"height_cm" integer DEFAULT 5 NOT NULL,
	"weight_grams" integer DEFAULT 500 NOT NULL,
	"webhook_token" text,
	"api_token" text,
	"api_token_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_status" text;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shiprocket_accounts" ADD CONSTRAINT "shiprocket_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_shipments_order" ON "courier_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_shipments_store_awb" ON "courier_shipments" USING btree ("store_id","awb");