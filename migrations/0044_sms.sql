-- Texts (issue 49): every SMS sent or received with Twilio's MessageSid (a webhook told twice changes
-- nothing), the numbers that answered STOP, visits confirmed by a C, and each customer's choice of
-- channel for service messages (schema/db/sms.ts, schema/db/customers.ts); and the review requests
-- sent, one per paid job (schema/db/reviews.ts).
CREATE TABLE `sms_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`direction` text NOT NULL,
	`kind` text NOT NULL,
	`customer_id` integer,
	`visit_id` integer,
	`phone` text NOT NULL,
	`body` text NOT NULL,
	`segments` integer NOT NULL,
	`status` text NOT NULL,
	`provider_sid` text,
	`error_code` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`visit_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sms_messages_provider_sid` ON `sms_messages` (`provider_sid`);--> statement-breakpoint
CREATE INDEX `sms_messages_customer` ON `sms_messages` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sms_messages_visit` ON `sms_messages` (`visit_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `sms_messages_one_reminder` ON `sms_messages` (`visit_id`) WHERE kind = 'visit-reminder';--> statement-breakpoint
CREATE INDEX `sms_messages_phone` ON `sms_messages` (`phone`,`created_at`);--> statement-breakpoint
CREATE TABLE `sms_opt_outs` (
	`phone` text PRIMARY KEY NOT NULL,
	`opted_out_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `visit_confirmations` (
	`visit_id` integer PRIMARY KEY NOT NULL,
	`confirmed_at` text NOT NULL,
	FOREIGN KEY (`visit_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `customers` ADD `contact_channel` text DEFAULT 'email' NOT NULL;
--> statement-breakpoint
CREATE TABLE `review_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` integer NOT NULL,
	`customer_id` integer,
	`channel` text NOT NULL,
	`sent_at` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_job` ON `review_requests` (`job_id`);--> statement-breakpoint
CREATE INDEX `review_requests_customer` ON `review_requests` (`customer_id`,`sent_at`);
