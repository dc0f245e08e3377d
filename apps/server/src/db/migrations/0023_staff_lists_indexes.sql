CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "identities_provider_last_signed_in_idx" ON "identities" USING btree ("provider","last_signed_in_at");--> statement-breakpoint
CREATE INDEX "users_deactivated_idx" ON "users" USING btree ("id") WHERE NOT "users"."active";