-- A cylinder's annual services after its commissioning record (G3; issue 47 part 3): appended to the
-- issued record by an engineer holding the unvented qualification, never changed after, and gone
-- only with their record (schema/db/unvented.ts).
CREATE TABLE `unvented_services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`unvented_record_id` integer NOT NULL,
	`serviced_on` text NOT NULL,
	`next_due` text NOT NULL,
	`details` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`unvented_record_id`) REFERENCES `unvented_records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unvented_services_record` ON `unvented_services` (`unvented_record_id`,`serviced_on`);