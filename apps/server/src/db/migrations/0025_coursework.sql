CREATE TABLE "assignment_attachments" (
	"assignment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "assignment_attachments_pk" PRIMARY KEY("assignment_id","position")
);
--> statement-breakpoint
CREATE TABLE "assignment_extensions" (
	"assignment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_extensions_pk" PRIMARY KEY("assignment_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_marks" (
	"assignment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"marks_hundredths" integer,
	"rubric" jsonb,
	"feedback" text,
	"excused" boolean DEFAULT false NOT NULL,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_marks_pk" PRIMARY KEY("assignment_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"max_marks" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"grace_minutes" integer NOT NULL,
	"late_penalty_percent_per_day" integer NOT NULL,
	"closes_at" timestamp with time zone,
	"rubric" jsonb,
	"published" boolean NOT NULL,
	"published_at" timestamp with time zone,
	"due_revision" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_kind_check" CHECK ("assignments"."kind" in ('assignment', 'test')),
	CONSTRAINT "assignments_max_marks_check" CHECK ("assignments"."max_marks" between 1 and 1000),
	CONSTRAINT "assignments_grace_check" CHECK ("assignments"."grace_minutes" between 0 and 1440),
	CONSTRAINT "assignments_penalty_check" CHECK ("assignments"."late_penalty_percent_per_day" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "stream_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"assignment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_posts_kind_check" CHECK ("stream_posts"."kind" in ('announcement', 'assignment'))
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"submission_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"file_id" uuid,
	"name" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "submission_files_pk" PRIMARY KEY("submission_id","position")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"assignment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"text" text,
	"text_sha256" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"late_minutes" integer NOT NULL,
	"penalty" integer NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "notification_preferences_daily_idx";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "coursework" text DEFAULT 'inapp' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_attachments" ADD CONSTRAINT "assignment_attachments_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_attachments" ADD CONSTRAINT "assignment_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_extensions" ADD CONSTRAINT "assignment_extensions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_extensions" ADD CONSTRAINT "assignment_extensions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_marks" ADD CONSTRAINT "assignment_marks_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_marks" ADD CONSTRAINT "assignment_marks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_comments" ADD CONSTRAINT "stream_comments_post_id_stream_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."stream_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_comments" ADD CONSTRAINT "stream_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_posts" ADD CONSTRAINT "stream_posts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_posts" ADD CONSTRAINT "stream_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_posts" ADD CONSTRAINT "stream_posts_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_attachments_file_unique" ON "assignment_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "assignment_marks_student_idx" ON "assignment_marks" USING btree ("student_id","returned_at");--> statement-breakpoint
CREATE INDEX "assignments_course_due_idx" ON "assignments" USING btree ("course_id","due_at","id");--> statement-breakpoint
CREATE INDEX "assignments_reminder_idx" ON "assignments" USING btree ("due_at") WHERE "assignments"."published" and "assignments"."reminded_at" is null and "assignments"."kind" = 'assignment';--> statement-breakpoint
CREATE INDEX "stream_comments_post_idx" ON "stream_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stream_posts_course_idx" ON "stream_posts" USING btree ("course_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_posts_assignment_unique" ON "stream_posts" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "submission_files_file_idx" ON "submission_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_attempt_unique" ON "submissions" USING btree ("assignment_id","student_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_latest_unique" ON "submissions" USING btree ("assignment_id","student_id") WHERE "submissions"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "submissions_student_idx" ON "submissions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "notification_preferences_daily_idx" ON "notification_preferences" USING btree ("user_id") WHERE 'daily' in ("notification_preferences"."courses", "notification_preferences"."notes", "notification_preferences"."marksheets", "notification_preferences"."exams", "notification_preferences"."coursework");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_coursework_check" CHECK ("notification_preferences"."coursework" in ('inapp', 'immediate', 'daily'));