ALTER TABLE "orders" ADD COLUMN "shopper_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shopper_utr" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "support_hours" text;