CREATE TABLE "outgoing_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"message" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_mail_status" CHECK ("outgoing_mail"."status" IN ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD CONSTRAINT "outgoing_mail_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_mail_due" ON "outgoing_mail" USING btree ("next_attempt_at") WHERE "outgoing_mail"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "outgoing_mail_store_status" ON "outgoing_mail" USING btree ("store_id","status","created_at");