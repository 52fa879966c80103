CREATE TABLE `booking_cells` (
	`cell` text PRIMARY KEY NOT NULL,
	`booking_id` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`service` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`customer_id` integer,
	`service_record_id` integer,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`postcode` text NOT NULL,
	`address` text NOT NULL,
	`notes` text,
	`cancelled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_reference_unique` ON `bookings` (`reference`);--> statement-breakpoint
CREATE INDEX `bookings_starts_at` ON `bookings` (`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_email` ON `bookings` (`email`);--> statement-breakpoint
ALTER TABLE `service_records` ADD `visit_start` text;--> statement-breakpoint
ALTER TABLE `service_records` ADD `visit_end` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `attachments` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `outgoing_emails` ADD `attachments` text DEFAULT '[]' NOT NULL;