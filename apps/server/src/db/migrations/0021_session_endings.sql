CREATE TABLE "session_endings" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_endings_expires_at_idx" ON "session_endings" USING btree ("expires_at");