CREATE TABLE `sheet_syncs` (
	`key` text PRIMARY KEY NOT NULL,
	`service_record_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sheet_syncs_created` ON `sheet_syncs` (`created_at`);--> statement-breakpoint
CREATE TABLE `visit_sheets` (
	`service_record_id` integer PRIMARY KEY NOT NULL,
	`arrived_at` text,
	`finished_at` text,
	`work_done` text,
	`advice` text,
	`labour_minutes` integer,
	`parts` text DEFAULT '[]' NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`signature` text,
	`signed_name` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`service_record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `service_records` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `service_record_id` integer;--> statement-breakpoint
CREATE INDEX `stock_movements_visit` ON `stock_movements` (`service_record_id`);--> statement-breakpoint
-- Any change of a visit moves its version on (an office edit while the engineer's phone is offline is
-- then seen as a conflict), unless the UPDATE itself set a new version (a job sheet's sync does).
CREATE TRIGGER `service_records_version` AFTER UPDATE ON `service_records`
WHEN NEW.`version` = OLD.`version` BEGIN
  UPDATE `service_records` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`;
END;
