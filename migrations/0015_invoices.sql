CREATE TABLE `credit_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`number` integer NOT NULL,
	`lines` text NOT NULL,
	`reason` text NOT NULL,
	`issue_date` text NOT NULL,
	`net_pence` integer NOT NULL,
	`vat_pence` integer NOT NULL,
	`gross_pence` integer NOT NULL,
	`pdf_key` text,
	`pdf_sha256` text,
	`link_version` integer DEFAULT 1 NOT NULL,
	`snapshot` text,
	`issued_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE INDEX `credit_notes_invoice` ON `credit_notes` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoice_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text,
	`at` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_events_invoice` ON `invoice_events` (`invoice_id`,`id`);--> statement-breakpoint
CREATE TABLE `invoice_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`amount_pence` integer NOT NULL,
	`method` text NOT NULL,
	`paid_on` text NOT NULL,
	`reference` text,
	`stripe_session_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_payments_stripe_session_id_unique` ON `invoice_payments` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `invoice_payments_invoice` ON `invoice_payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `invoice_payments_paid_on` ON `invoice_payments` (`paid_on`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer,
	`property_id` integer,
	`service_record_id` integer,
	`estimate_id` integer,
	`number` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`lines` text NOT NULL,
	`notes` text,
	`supply_date` text NOT NULL,
	`issue_date` text,
	`due_date` text,
	`vat_registered` integer DEFAULT false NOT NULL,
	`net_pence` integer DEFAULT 0 NOT NULL,
	`vat_pence` integer DEFAULT 0 NOT NULL,
	`gross_pence` integer DEFAULT 0 NOT NULL,
	`deposit_pence` integer DEFAULT 0 NOT NULL,
	`paid_pence` integer DEFAULT 0 NOT NULL,
	`credited_pence` integer DEFAULT 0 NOT NULL,
	`chase` integer DEFAULT true NOT NULL,
	`paid_at` text,
	`voided_at` text,
	`void_reason` text,
	`pdf_key` text,
	`pdf_sha256` text,
	`link_version` integer DEFAULT 1 NOT NULL,
	`snapshot` text,
	`issued_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_status_due` ON `invoices` (`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_customer` ON `invoices` (`customer_id`);--> statement-breakpoint
CREATE INDEX `invoices_updated` ON `invoices` (`updated_at`);--> statement-breakpoint
CREATE INDEX `invoices_issue_date` ON `invoices` (`issue_date`);