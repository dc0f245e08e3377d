ALTER TABLE "notifications" DROP CONSTRAINT "notifications_recipient_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "notifications_recipient_seq_idx";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "notifications" ADD PRIMARY KEY ("seq");--> statement-breakpoint
CREATE INDEX "notifications_read_idx" ON "notifications" USING btree ("recipient_id","seq") WHERE "notifications"."read_at" is not null;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): the cascade the dropped foreign key gave,
-- paid when a user is deleted rather than by every notification inserted.
CREATE FUNCTION "notifications_of_deleted_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "notifications" WHERE "recipient_id" = OLD."id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_delete_notifications" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notifications_of_deleted_user"();
