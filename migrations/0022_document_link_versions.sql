ALTER TABLE `bookings` ADD `link_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `link_version` integer DEFAULT 1 NOT NULL;