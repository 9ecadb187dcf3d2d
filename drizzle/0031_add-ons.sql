CREATE TABLE "measurement_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"measurement_set" text NOT NULL,
	"measurements" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_line_add_ons" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_paise" bigint NOT NULL,
	"lead_days" integer NOT NULL,
	"measurement_set" text NOT NULL,
	"profile_name" text,
	"measurements" jsonb,
	"standard_size" integer,
	"sac" text NOT NULL,
	"gst_rate" numeric(5, 2) NOT NULL,
	"taxable_value_paise" bigint NOT NULL,
	"tax_paise" bigint DEFAULT 0 NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_add_on_choices" (
	"store_id" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"codes" jsonb NOT NULL,
	CONSTRAINT "product_add_on_choices_store_id_product_id_pk" PRIMARY KEY("store_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "store_add_ons" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"price_paise" integer NOT NULL,
	"lead_days" integer DEFAULT 0 NOT NULL,
	"measurement_set" text NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sac" text NOT NULL,
	"gst_rate" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurement_profiles" ADD CONSTRAINT "measurement_profiles_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_profiles" ADD CONSTRAINT "measurement_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_add_ons" ADD CONSTRAINT "order_line_add_ons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_add_ons" ADD CONSTRAINT "order_line_add_ons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_add_ons" ADD CONSTRAINT "order_line_add_ons_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_add_on_choices" ADD CONSTRAINT "product_add_on_choices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_add_on_choices" ADD CONSTRAINT "product_add_on_choices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_add_ons" ADD CONSTRAINT "store_add_ons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_profiles_store_user" ON "measurement_profiles" USING btree ("store_id","user_id");--> statement-breakpoint
CREATE INDEX "order_line_add_ons_order" ON "order_line_add_ons" USING btree ("store_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_add_ons_code" ON "store_add_ons" USING btree ("store_id","code");