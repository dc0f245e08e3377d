CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"recipient_id" uuid NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_seq_idx" ON "notifications" USING btree ("recipient_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id","seq") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "users_student_cohort_idx" ON "users" USING btree ("semester","branch") WHERE "users"."userrole" = 2;