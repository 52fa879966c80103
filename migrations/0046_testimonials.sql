-- Testimonials the owner entered, with their source, date and the customer's consent, shown on the
-- home page when published (schema/db/testimonials.ts); and a text Twilio could not take for a passing
-- reason tried again later (sms_messages.attempts, retry_at, retry_until: worker/services/sms/retries.ts). (Issue 49.)
CREATE TABLE `testimonials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`words` text NOT NULL,
	`shown_name` text NOT NULL,
	`source` text NOT NULL,
	`source_url` text,
	`given_on` text NOT NULL,
	`consent_on` text,
	`consent_method` text,
	`customer_email` text,
	`is_published` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `testimonials_published` ON `testimonials` (`given_on`) WHERE is_published = 1 AND consent_on IS NOT NULL;--> statement-breakpoint
ALTER TABLE `sms_messages` ADD `attempts` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `sms_messages` ADD `retry_at` text;--> statement-breakpoint
ALTER TABLE `sms_messages` ADD `retry_until` text;--> statement-breakpoint
CREATE INDEX `sms_messages_retry` ON `sms_messages` (`retry_at`) WHERE retry_at IS NOT NULL;