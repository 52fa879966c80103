-- The Benchmark commissioning checklist of a new gas boiler (issue 47 part 1): drafted at a property,
-- usually on the fitting visit, tied to the boiler among the property's appliances (its later service
-- sheets are its service record), then issued once as BM-000001…, fixed with its snapshot and its PDF
-- in R2 with its SHA-256, like a service sheet (schema/db/benchmark.ts).
CREATE TABLE `benchmark_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property_id` integer,
	`customer_id` integer,
	`service_record_id` integer,
	`appliance_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`number` integer,
	`commissioned_on` text NOT NULL,
	`details` text NOT NULL,
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
	FOREIGN KEY (`appliance_id`) REFERENCES `appliances`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`customer_email_id`) REFERENCES `outgoing_emails`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `benchmark_records_number` ON `benchmark_records` (`number`);--> statement-breakpoint
CREATE INDEX `benchmark_records_property` ON `benchmark_records` (`property_id`,`commissioned_on`);--> statement-breakpoint
CREATE INDEX `benchmark_records_customer` ON `benchmark_records` (`customer_id`,`commissioned_on`);--> statement-breakpoint
CREATE INDEX `benchmark_records_visit` ON `benchmark_records` (`service_record_id`);
