CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "member_links_purpose" CHECK ("member_links"."purpose" IN ('set-up', 'invite'))
);
--> statement-breakpoint
CREATE TABLE "store_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "store_members_role" CHECK ("store_members"."role" IN ('owner', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_links" ADD CONSTRAINT "member_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_links" ADD CONSTRAINT "member_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_members" ADD CONSTRAINT "store_members_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_members" ADD CONSTRAINT "store_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_members" ADD CONSTRAINT "store_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity" ON "audit_log" USING btree ("store_id","entity","entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_links_token_hash" ON "member_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_links_store_user" ON "member_links" USING btree ("store_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_members_store_user" ON "store_members" USING btree ("store_id","user_id");--> statement-breakpoint
-- hand-written below
-- The admin's order list: a store's orders newest first, in all statuses or one (docs/admin.md).
CREATE INDEX IF NOT EXISTS "orders_store_created" ON "orders" USING btree ("store_id","created_at" DESC,"order_number" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_store_status_created" ON "orders" USING btree ("store_id","status","created_at" DESC,"order_number" DESC);
--> statement-breakpoint
-- The admin's order search: name, e-mail and phone digits matched anywhere (ILIKE / LIKE '%…%', pg_trgm of 0008).
CREATE INDEX IF NOT EXISTS "orders_full_name_trgm" ON "orders" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_email_trgm" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_phone_digits_trgm" ON "orders" USING gin ("phone_digits" gin_trgm_ops);
