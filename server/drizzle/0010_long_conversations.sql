ALTER TABLE "conversations" ADD COLUMN "current_leaf_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "summary_token_count" integer;