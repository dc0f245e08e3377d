CREATE TABLE "identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"tester_id" uuid,
	"browser_hash" text NOT NULL,
	"next" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"saml_request_id" text,
	"stage" text DEFAULT 'started' NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_replays" (
	"provider" text NOT NULL,
	"token_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_replays_provider_token_id_pk" PRIMARY KEY("provider","token_id")
);
--> statement-breakpoint
CREATE TABLE "sign_in_tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"claims" jsonb NOT NULL,
	"account" jsonb,
	"matched" jsonb,
	"refusal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider_sid" text;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_tester_id_users_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_tests" ADD CONSTRAINT "sign_in_tests_tester_id_users_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identities_user_id_idx" ON "identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_expires_at_idx" ON "sign_in_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_browser_idx" ON "sign_in_attempts" USING btree ("browser_hash");--> statement-breakpoint
CREATE INDEX "sign_in_replays_expires_at_idx" ON "sign_in_replays" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_tests_created_at_idx" ON "sign_in_tests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_provider_sid_idx" ON "sessions" USING btree ("provider","provider_sid");