-- Diaries per engineer (issue 46): a visit is assigned to one engineer or more (visit_engineers,
-- the visit's time copied on so one engineer's day is an index range), each engineer has working
-- hours and blocked times, and the cells that stop a double booking are per engineer. Every visit
-- so far was the owner's (user 1): assigned to them, and the cells held so far are theirs.
CREATE TABLE `visit_engineers` (
	`service_record_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`starts_at` text,
	`ends_at` text,
	PRIMARY KEY(`service_record_id`, `user_id`),
	FOREIGN KEY (`service_record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `visit_engineers_user_time` ON `visit_engineers` (`user_id`,`starts_at`);--> statement-breakpoint
INSERT INTO `visit_engineers` (`service_record_id`, `user_id`, `starts_at`, `ends_at`)
  SELECT `id`, 1, `visit_start`, `visit_end` FROM `service_records`;--> statement-breakpoint
CREATE TABLE `engineer_hours` (
	`user_id` integer NOT NULL,
	`weekday` text NOT NULL,
	`start` text,
	`end` text,
	PRIMARY KEY(`user_id`, `weekday`),
	FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `engineer_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `engineer_blocks_user_time` ON `engineer_blocks` (`user_id`,`starts_at`);--> statement-breakpoint
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_booking_cells` (
	`user_id` integer NOT NULL,
	`cell` text NOT NULL,
	`service_record_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `cell`),
	FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_booking_cells` (`user_id`, `cell`, `service_record_id`)
  SELECT 1, `cell`, `service_record_id` FROM `booking_cells`;--> statement-breakpoint
DROP TABLE `booking_cells`;--> statement-breakpoint
ALTER TABLE `__new_booking_cells` RENAME TO `booking_cells`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE INDEX `booking_cells_record` ON `booking_cells` (`service_record_id`);
