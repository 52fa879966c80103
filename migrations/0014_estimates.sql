CREATE TABLE `estimate_acceptances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`estimate_id` integer NOT NULL,
	`version` integer NOT NULL,
	`option_id` text NOT NULL,
	`optional_line_ids` text NOT NULL,
	`name` text NOT NULL,
	`signature` text,
	`start_early` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`content_sha256` text NOT NULL,
	`notice_version` text NOT NULL,
	`gross_pence` integer NOT NULL,
	`deposit_pence` integer NOT NULL,
	`accepted_at` text NOT NULL,
	`snapshot` text NOT NULL,
	`pdf_key` text,
	`pdf_sha256` text,
	`deposit_session_id` text,
	`deposit_paid_at` text,
	`deposit_payment_intent` text,
	`refund_id` text,
	`refunded_at` text,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimate_acceptances_estimate_id_unique` ON `estimate_acceptances` (`estimate_id`);--> statement-breakpoint
CREATE TABLE `estimate_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`estimate_id` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text,
	`at` text NOT NULL,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `estimate_events_estimate` ON `estimate_events` (`estimate_id`,`id`);--> statement-breakpoint
CREATE TABLE `estimate_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`estimate_id` integer NOT NULL,
	`version` integer NOT NULL,
	`content` text NOT NULL,
	`vat_registered` integer DEFAULT false NOT NULL,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimate_versions_version` ON `estimate_versions` (`estimate_id`,`version`);--> statement-breakpoint
CREATE TABLE `estimates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`property_id` integer,
	`quote_request_id` integer,
	`number` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`title` text NOT NULL,
	`valid_until` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`sent_version` integer,
	`follow_ups` integer DEFAULT true NOT NULL,
	`sent_at` text,
	`viewed_at` text,
	`declined_at` text,
	`decline_reason` text,
	`cancelled_at` text,
	`cancel_reason` text,
	`job_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`quote_request_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`job_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimates_number` ON `estimates` (`number`);--> statement-breakpoint
CREATE INDEX `estimates_status` ON `estimates` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `estimates_customer` ON `estimates` (`customer_id`);--> statement-breakpoint
CREATE INDEX `estimates_updated` ON `estimates` (`updated_at`);