-- The staging tables are UNLOGGED (edited by hand): their rows live for one request.
CREATE UNLOGGED TABLE "roster_course_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"action" text,
	"fields" text[],
	"coursenumber" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"semester" smallint NOT NULL,
	"branch" text NOT NULL,
	"owner" bigint NOT NULL,
	"exam_date" date,
	CONSTRAINT "roster_course_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "roster_enrolment_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"action" text,
	"fields" text[],
	"coursenumber" bigint NOT NULL,
	"registration_id" bigint NOT NULL,
	"enrolled" boolean NOT NULL,
	CONSTRAINT "roster_enrolment_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "roster_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "roster_user_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"action" text,
	"fields" text[],
	"registration_id" bigint NOT NULL,
	"email" text NOT NULL,
	"fullname" text NOT NULL,
	"userrole" smallint NOT NULL,
	"semester" smallint NOT NULL,
	"branch" text NOT NULL,
	"active" boolean,
	CONSTRAINT "roster_user_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_course_rows_key_idx" ON "roster_course_rows" USING btree ("import_id","coursenumber");--> statement-breakpoint
CREATE INDEX "roster_enrolment_rows_key_idx" ON "roster_enrolment_rows" USING btree ("import_id","coursenumber","registration_id");--> statement-breakpoint
CREATE INDEX "roster_user_rows_key_idx" ON "roster_user_rows" USING btree ("import_id","registration_id");