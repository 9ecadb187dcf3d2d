CREATE TABLE "tax_document_counters" (
	"store_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"series" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_document_counters_store_id_financial_year_series_pk" PRIMARY KEY("store_id","financial_year","series")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"refers_to" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gst_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "taxable_value_paise" bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "igst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_state_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gst_defaults" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "invoice_prefix" text DEFAULT 'RS' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_document_counters" ADD CONSTRAINT "tax_document_counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_store_number" ON "tax_documents" USING btree ("store_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_kind" ON "tax_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "tax_documents_store_issued" ON "tax_documents" USING btree ("store_id","issued_at");