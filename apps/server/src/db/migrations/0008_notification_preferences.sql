CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"courses" text DEFAULT 'inapp' NOT NULL,
	"notes" text DEFAULT 'inapp' NOT NULL,
	"marksheets" text DEFAULT 'inapp' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_courses_check" CHECK ("notification_preferences"."courses" in ('inapp', 'immediate', 'daily')),
	CONSTRAINT "notification_preferences_notes_check" CHECK ("notification_preferences"."notes" in ('inapp', 'immediate', 'daily')),
	CONSTRAINT "notification_preferences_marksheets_check" CHECK ("notification_preferences"."marksheets" in ('inapp', 'immediate', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_preferences_daily_idx" ON "notification_preferences" USING btree ("user_id") WHERE 'daily' in ("notification_preferences"."courses", "notification_preferences"."notes", "notification_preferences"."marksheets");--> statement-breakpoint
CREATE INDEX "notifications_created_brin_idx" ON "notifications" USING brin ("created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('courses', 'notes', 'marksheets'));