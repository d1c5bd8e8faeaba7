-- Accent- and vowel-point-insensitive search on PGlite and PostgreSQL alike, without the unaccent extension
-- (PGlite would need it loaded at start-up, and not every PostgreSQL has contrib). Pure ASCII text is returned
-- as it is (the common case costs one regex test); anything else is decomposed (NFD), stripped of combining
-- marks, Hebrew points and Arabic harakat, recomposed (NFC, so Hangul and kana come back whole) and a few
-- letters without a decomposition are mapped. server/src/search/fold.ts mirrors this for highlighting.
CREATE OR REPLACE FUNCTION parley_search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN input ~ '^[\x01-\x7f]*$' THEN input
      ELSE translate(
        normalize(
          regexp_replace(
            normalize(input, NFD),
            '[\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640\u064b-\u065f\u0670]',
            '',
            'g'
          ),
          NFC
        ),
        'øØđĐłŁħĦıŧŦёЁ',
        'oOdDlLhHitTеЕ'
      )
    END
  $$;--> statement-breakpoint
ALTER TABLE "conversations" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, parley_search_fold(coalesce("title", ''::text)))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, parley_search_fold(coalesce("text", ''::text)))) STORED NOT NULL;--> statement-breakpoint
-- Dropping the columns dropped their GIN indexes; drizzle-kit does not re-create them, so they are here.
CREATE INDEX "conversations_search_vector_idx" ON "conversations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "messages_search_vector_idx" ON "messages" USING gin ("search_vector");
