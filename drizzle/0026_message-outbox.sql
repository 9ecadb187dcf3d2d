CREATE TABLE "outgoing_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"variables" jsonb NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_messages_channel" CHECK ("outgoing_messages"."channel" IN ('whatsapp', 'sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "phone_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"phone" text NOT NULL,
	"whatsapp_opt_in_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_consents" ADD CONSTRAINT "phone_consents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_messages_due" ON "outgoing_messages" USING btree ("next_attempt_at") WHERE "outgoing_messages"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "outgoing_messages_store_created" ON "outgoing_messages" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "outgoing_messages_provider_id" ON "outgoing_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_consents_store_phone" ON "phone_consents" USING btree ("store_id","phone");