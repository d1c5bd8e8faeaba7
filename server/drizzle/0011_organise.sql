CREATE TABLE "tags" (
	"tag_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "is_temporary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_id_lower_tag_idx" ON "tags" USING btree ("user_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "tags_user_id_position_idx" ON "tags" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "conversations_user_id_is_archived_updated_at_id_idx" ON "conversations" USING btree ("user_id","is_archived","updated_at","conversation_id") WHERE "conversations"."pinned_at" is null and not "conversations"."is_temporary";--> statement-breakpoint
CREATE INDEX "conversations_user_id_pinned_at_id_idx" ON "conversations" USING btree ("user_id","pinned_at","conversation_id") WHERE "conversations"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "conversations_expired_at_idx" ON "conversations" USING btree ("expired_at") WHERE "conversations"."expired_at" is not null;