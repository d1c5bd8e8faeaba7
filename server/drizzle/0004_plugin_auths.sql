CREATE TABLE "plugin_auths" (
	"user_id" uuid NOT NULL,
	"plugin_key" text NOT NULL,
	"auth_field" text NOT NULL,
	"value_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_auths_pkey" PRIMARY KEY("user_id","plugin_key","auth_field")
);
--> statement-breakpoint
ALTER TABLE "plugin_auths" ADD CONSTRAINT "plugin_auths_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;