CREATE TABLE `invoice_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`payment_id` integer,
	`amount_pence` integer NOT NULL,
	`method` text NOT NULL,
	`refunded_on` text NOT NULL,
	`reference` text,
	`stripe_refund_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `invoice_payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_refunds_stripe_refund_id_unique` ON `invoice_refunds` (`stripe_refund_id`);--> statement-breakpoint
CREATE INDEX `invoice_refunds_invoice` ON `invoice_refunds` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `invoice_refunds_refunded_on` ON `invoice_refunds` (`refunded_on`);