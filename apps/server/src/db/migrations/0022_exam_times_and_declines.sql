ALTER TABLE "notification_preferences" ALTER COLUMN "marksheets" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notification_preferences" ALTER COLUMN "marksheets" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "exam_start" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "exam_end" text;--> statement-breakpoint
ALTER TABLE "roster_course_rows" ADD COLUMN "exam_start" text;--> statement-breakpoint
ALTER TABLE "roster_course_rows" ADD COLUMN "exam_end" text;--> statement-breakpoint
ALTER TABLE "roster_course_rows" ADD COLUMN "exam_centre" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_exam_times_check" CHECK (("courses"."exam_start" is null and "courses"."exam_end" is null) or ("courses"."exam_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "courses"."exam_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "courses"."exam_end" > "courses"."exam_start"));