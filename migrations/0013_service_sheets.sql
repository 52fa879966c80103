CREATE TABLE `service_sheets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property_id` integer,
	`customer_id` integer,
	`service_record_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`number` integer,
	`service_date` text NOT NULL,
	`details` text NOT NULL,
	`next_service_date` text,
	`customer_email_id` integer,
	`pdf_key` text,
	`pdf_sha256` text,
	`link_version` integer DEFAULT 1 NOT NULL,
	`snapshot` text,
	`issued_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`customer_email_id`) REFERENCES `outgoing_emails`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_sheets_number` ON `service_sheets` (`number`);--> statement-breakpoint
CREATE INDEX `service_sheets_property` ON `service_sheets` (`property_id`,`service_date`);--> statement-breakpoint
CREATE INDEX `service_sheets_customer` ON `service_sheets` (`customer_id`,`service_date`);--> statement-breakpoint
CREATE INDEX `service_sheets_visit` ON `service_sheets` (`service_record_id`);