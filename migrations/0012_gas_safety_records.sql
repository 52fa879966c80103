CREATE TABLE `gas_safety_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property_id` integer,
	`customer_id` integer,
	`service_record_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`number` integer,
	`check_date` text NOT NULL,
	`details` text NOT NULL,
	`previous_deadline` text,
	`next_due_date` text,
	`replaces_id` integer,
	`landlord_email_id` integer,
	`tenant_email_id` integer,
	`tenant_copy_given_at` text,
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
	FOREIGN KEY (`replaces_id`) REFERENCES `gas_safety_records`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`landlord_email_id`) REFERENCES `outgoing_emails`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tenant_email_id`) REFERENCES `outgoing_emails`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gas_safety_records_number` ON `gas_safety_records` (`number`);--> statement-breakpoint
CREATE INDEX `gas_safety_records_property` ON `gas_safety_records` (`property_id`,`check_date`);--> statement-breakpoint
CREATE INDEX `gas_safety_records_customer` ON `gas_safety_records` (`customer_id`,`check_date`);--> statement-breakpoint
CREATE INDEX `gas_safety_records_visit` ON `gas_safety_records` (`service_record_id`);--> statement-breakpoint
CREATE TABLE `warning_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer,
	`property_id` integer,
	`customer_id` integer,
	`number` integer NOT NULL,
	`classification` text NOT NULL,
	`appliance_index` integer NOT NULL,
	`pdf_key` text,
	`pdf_sha256` text,
	`link_version` integer DEFAULT 1 NOT NULL,
	`snapshot` text,
	`issued_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `gas_safety_records`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `warning_notices_number` ON `warning_notices` (`number`);--> statement-breakpoint
CREATE INDEX `warning_notices_record` ON `warning_notices` (`record_id`);--> statement-breakpoint
CREATE INDEX `warning_notices_property` ON `warning_notices` (`property_id`);--> statement-breakpoint
CREATE INDEX `warning_notices_customer` ON `warning_notices` (`customer_id`);