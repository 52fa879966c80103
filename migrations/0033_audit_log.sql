-- Who did what (issue 46, part 5): one row per write the back office answered, with the person as
-- they were named then (schema/db/audit.ts). No foreign key to admin_users: a removed person's
-- history stays as it was. Kept six years, pruned by the cron a share at a time.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`user_id` integer NOT NULL,
	`username` text NOT NULL,
	`user_name` text NOT NULL,
	`method` text NOT NULL,
	`route` text NOT NULL,
	`path` text NOT NULL,
	`record_kind` text,
	`record_id` text,
	`status` integer NOT NULL,
	`summary` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_user` ON `audit_log` (`user_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_record` ON `audit_log` (`record_kind`,`record_id`,`at`,`id`);
