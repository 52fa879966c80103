-- Who sent a visit's job sheet (issue 46): the person and their name as it was then, so a sheet
-- filled on a phone the team shares says whose it is. People are never deleted (a removed person
-- keeps their row), so the reference needs no action on delete.
ALTER TABLE `visit_sheets` ADD `updated_by` integer REFERENCES admin_users(id);--> statement-breakpoint
ALTER TABLE `visit_sheets` ADD `updated_by_name` text;