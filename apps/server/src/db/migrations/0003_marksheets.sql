CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"from_id" uuid NOT NULL,
	"content" text NOT NULL,
	"semester" smallint NOT NULL,
	"replied" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marksheets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"semester" smallint NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marksheets" ADD CONSTRAINT "marksheets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marksheets" ADD CONSTRAINT "marksheets_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_open_unique" ON "applications" USING btree ("from_id","semester") WHERE "applications"."replied" = false;--> statement-breakpoint
CREATE INDEX "applications_from_idx" ON "applications" USING btree ("from_id","semester");--> statement-breakpoint
CREATE INDEX "applications_open_idx" ON "applications" USING btree ("replied","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marksheets_owner_semester_unique" ON "marksheets" USING btree ("owner_id","semester");