CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"model" text NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"credits" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_user_id_day_model_pk" PRIMARY KEY("user_id","day","model")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_models" (
	"day" date NOT NULL,
	"model" text NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"credits" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_models_day_model_pk" PRIMARY KEY("day","model")
);
--> statement-breakpoint
DROP INDEX "usage_ledger_at_idx";--> statement-breakpoint
CREATE INDEX "usage_daily_day_idx" ON "usage_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "usage_ledger_at_id_idx" ON "usage_ledger" USING btree ("at","id");--> statement-breakpoint
-- The daily rollups follow every insert into the ledger, in the inserting statement's transaction: one upsert
-- per (day, user, model) and per (day, model) the statement touched, in key order (no deadlock between two
-- statements). The ledger is append-only, so nothing else ever changes them.
CREATE FUNCTION "parley_usage_daily_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "usage_daily" AS d ("day", "user_id", "model", "requests", "tokens", "credits")
	SELECT (n."at" AT TIME ZONE 'UTC')::date, n."user_id", n."model", count(*),
		sum(n."prompt_tokens"::bigint + n."completion_tokens"), sum(n."credits")
	FROM "parley_new_ledger_rows" n GROUP BY 1, 2, 3 ORDER BY 2, 1, 3
	ON CONFLICT ("user_id", "day", "model") DO UPDATE SET "requests" = d."requests" + excluded."requests",
		"tokens" = d."tokens" + excluded."tokens", "credits" = d."credits" + excluded."credits";
	INSERT INTO "usage_daily_models" AS m ("day", "model", "requests", "tokens", "credits")
	SELECT (n."at" AT TIME ZONE 'UTC')::date, n."model", count(*),
		sum(n."prompt_tokens"::bigint + n."completion_tokens"), sum(n."credits")
	FROM "parley_new_ledger_rows" n GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("day", "model") DO UPDATE SET "requests" = m."requests" + excluded."requests",
		"tokens" = m."tokens" + excluded."tokens", "credits" = m."credits" + excluded."credits";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "usage_ledger_daily_rollup" AFTER INSERT ON "usage_ledger"
	REFERENCING NEW TABLE AS "parley_new_ledger_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "parley_usage_daily_add"();
--> statement-breakpoint
-- The ledger so far.
INSERT INTO "usage_daily" ("day", "user_id", "model", "requests", "tokens", "credits")
SELECT ("at" AT TIME ZONE 'UTC')::date, "user_id", "model", count(*),
	sum("prompt_tokens"::bigint + "completion_tokens"), sum("credits")
FROM "usage_ledger" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "usage_daily_models" ("day", "model", "requests", "tokens", "credits")
SELECT ("at" AT TIME ZONE 'UTC')::date, "model", count(*), sum("prompt_tokens"::bigint + "completion_tokens"),
	sum("credits")
FROM "usage_ledger" GROUP BY 1, 2;
