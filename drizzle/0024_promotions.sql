CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"scope" text NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sub_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_store_ends" ON "promotions" USING btree ("store_id","ends_at");--> statement-breakpoint
CREATE INDEX "promotions_starts" ON "promotions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "promotions_ends" ON "promotions" USING btree ("ends_at");