ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
DROP INDEX "notification_preferences_daily_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "exam_date_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "exam_date_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "exam_centre" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "exams" text;--> statement-breakpoint
-- Written by hand: course numbers become unique, and courses created before may share one.
-- The earliest course with a number (by created_at, then id) keeps it; each later one gets a new
-- number past the largest in use, in that same order (max + 1, max + 2, ...), so the index can
-- be built and the result is the same on every copy of the data. Nothing else of those courses
-- changes; their owners see the new number on the course page.
UPDATE "courses" AS c SET "coursenumber" = renumbered.new_number
FROM (
  SELECT d.id, (SELECT max("coursenumber") FROM "courses") + row_number() OVER (ORDER BY d."coursenumber", d."created_at", d.id) AS new_number
  FROM (
    SELECT id, "coursenumber", "created_at",
      row_number() OVER (PARTITION BY "coursenumber" ORDER BY "created_at", id) AS nth
    FROM "courses"
  ) AS d
  WHERE d.nth > 1
) AS renumbered
WHERE c.id = renumbered.id;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_coursenumber_unique" ON "courses" USING btree ("coursenumber");--> statement-breakpoint
CREATE INDEX "notification_preferences_daily_idx" ON "notification_preferences" USING btree ("user_id") WHERE 'daily' in ("notification_preferences"."courses", "notification_preferences"."notes", "notification_preferences"."marksheets", "notification_preferences"."exams");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_exams_check" CHECK ("notification_preferences"."exams" in ('inapp', 'immediate', 'daily'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('courses', 'notes', 'marksheets', 'exams'));