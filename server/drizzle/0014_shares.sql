CREATE TABLE "share_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"share_id" text,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_messages" (
	"share_id" text NOT NULL,
	"position" integer NOT NULL,
	"message" jsonb NOT NULL,
	CONSTRAINT "share_messages_share_id_position_pk" PRIMARY KEY("share_id","position")
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"share_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"target_message_id" uuid,
	"title" text NOT NULL,
	"endpoint" text,
	"endpoint_type" text,
	"model" text,
	"visibility" text DEFAULT 'signed_in' NOT NULL,
	"expires_at" timestamp with time zone,
	"first_position" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"next_position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_visibility_check" CHECK ("shares"."visibility" in ('signed_in', 'public'))
);
--> statement-breakpoint
ALTER TABLE "share_files" ADD CONSTRAINT "share_files_share_id_shares_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("share_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_messages" ADD CONSTRAINT "share_messages_share_id_shares_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("share_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_files_share_id_idx" ON "share_files" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "shares_user_id_created_at_share_id_idx" ON "shares" USING btree ("user_id","created_at","share_id");--> statement-breakpoint
CREATE INDEX "shares_user_id_conversation_id_idx" ON "shares" USING btree ("user_id","conversation_id");--> statement-breakpoint
CREATE INDEX "shares_expires_at_idx" ON "shares" USING btree ("expires_at");