-- Written by hand (drizzle-kit cannot express a trigger). Every instance keeps the catalogue's
-- pages (features/courses/catalogue-pages.ts) until any change to what they show: a course, an
-- enrolment, or an owner's name. Whatever writes it (the courses API, the registrar's roster, an
-- account deleted with its courses), the database itself tells every instance, on the bus's
-- channel, once per statement and at commit only (NOTIFY is transactional and PostgreSQL sends
-- one of identical messages per transaction), so a bulk write costs one message.
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('campus_realtime', '{"t":"catalogue-changed"}');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "enrollments_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "users_catalogue_changed" AFTER UPDATE OF "fullname" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
