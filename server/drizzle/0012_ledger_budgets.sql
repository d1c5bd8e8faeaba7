CREATE TABLE "budget_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"model" text NOT NULL,
	"credits" numeric NOT NULL,
	"tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"scope_id" text,
	"model" text,
	"metric" text NOT NULL,
	"limit_amount" numeric NOT NULL,
	"period" text NOT NULL,
	"warn_at_pct" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_scope_check" CHECK ("budgets"."scope" in ('global', 'role', 'group', 'user')),
	CONSTRAINT "budgets_metric_check" CHECK ("budgets"."metric" in ('credits', 'tokens', 'requests')),
	CONSTRAINT "budgets_period_check" CHECK ("budgets"."period" in ('day', 'week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "usage_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_label" text DEFAULT '' NOT NULL,
	"conversation_id" uuid,
	"endpoint" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"cache_read_tokens" integer DEFAULT 0 NOT NULL,
	"cache_write_tokens" integer DEFAULT 0 NOT NULL,
	"credits" numeric DEFAULT 0 NOT NULL,
	"request_id" text NOT NULL,
	"unpriced" boolean DEFAULT false NOT NULL,
	CONSTRAINT "usage_ledger_kind_check" CHECK ("usage_ledger"."kind" in ('chat', 'title', 'agent', 'tool', 'assistant', 'embedding', 'summary'))
);
--> statement-breakpoint
ALTER TABLE "budget_reservations" ADD CONSTRAINT "budget_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_reservations_user_id_idx" ON "budget_reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "usage_ledger_at_idx" ON "usage_ledger" USING btree ("at");--> statement-breakpoint
CREATE INDEX "usage_ledger_user_id_at_idx" ON "usage_ledger" USING btree ("user_id","at");--> statement-breakpoint
CREATE FUNCTION "parley_usage_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'usage_ledger is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "usage_ledger_append_only" BEFORE UPDATE OR DELETE ON "usage_ledger"
	FOR EACH ROW EXECUTE FUNCTION "parley_usage_ledger_append_only"();
--> statement-breakpoint
-- Usage recorded before the ledger existed: one row per reply, title or summary from its transaction pair.
INSERT INTO "usage_ledger" ("at", "user_id", "user_label", "conversation_id", "model", "kind", "prompt_tokens",
	"completion_tokens", "credits", "request_id")
SELECT min(t."created_at"), t."user_id", coalesce(min(u."email"), ''), t."conversation_id", coalesce(t."model", ''),
	CASE t."context" WHEN 'title' THEN 'title' WHEN 'summary' THEN 'summary' WHEN 'plugins' THEN 'agent' ELSE 'chat' END,
	coalesce(-sum(t."raw_amount") FILTER (WHERE t."token_type" = 'prompt'), 0)::integer,
	coalesce(-sum(t."raw_amount") FILTER (WHERE t."token_type" = 'completion'), 0)::integer,
	-sum(t."token_value"),
	coalesce(t."message_id"::text, min(t."id"::text))
FROM "transactions" t LEFT JOIN "users" u ON u."id" = t."user_id"
WHERE t."token_type" IN ('prompt', 'completion')
GROUP BY t."user_id", t."conversation_id", t."message_id", t."model", t."context", date_trunc('second', t."created_at");
