DROP INDEX "mail_jobs_due_idx";--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "secret" jsonb;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Jobs queued before templates: the ones still to send keep their words, the body as the part
-- cleared once sent (it may hold a reset link); the sent and given-up ones keep none of them.
UPDATE "mail_jobs" SET "template" = 'prerendered',
  "params" = CASE WHEN "sent_at" IS NULL AND "failed_at" IS NULL THEN jsonb_build_object('subject', "subject", 'headers', "headers") ELSE '{}'::jsonb END,
  "secret" = CASE WHEN "sent_at" IS NULL AND "failed_at" IS NULL THEN jsonb_build_object('text', "text", 'html', "html") END;--> statement-breakpoint
ALTER TABLE "mail_jobs" ALTER COLUMN "template" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_jobs_due_idx" ON "mail_jobs" USING btree ("priority","run_at") WHERE "mail_jobs"."sent_at" is null and "mail_jobs"."failed_at" is null;--> statement-breakpoint
ALTER TABLE "mail_jobs" DROP COLUMN "subject";--> statement-breakpoint
ALTER TABLE "mail_jobs" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "mail_jobs" DROP COLUMN "html";--> statement-breakpoint
ALTER TABLE "mail_jobs" DROP COLUMN "headers";
