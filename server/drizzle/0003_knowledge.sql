CREATE TABLE "file_chunks" (
	"file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"page" integer,
	"line" integer,
	"char_offset" integer NOT NULL,
	"text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, parley_search_fold(coalesce("text", ''::text)))) STORED NOT NULL,
	"embedding" real[],
	CONSTRAINT "file_chunks_file_id_chunk_index_pk" PRIMARY KEY("file_id","chunk_index")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "text_state" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "embeddings_model" text;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_chunks_search_vector_idx" ON "file_chunks" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_text_state_check" CHECK ("files"."text_state" in ('indexed', 'no_text'));