-- Two customers made one (issue 44): the log of merges, which the kept customer's timeline shows and
-- which answers for a merged customer's id. And the phone number as the duplicate check compares it
-- (schema/db/customers.ts phoneKey: digits only, +44 read as 0), indexed so that the customer list
-- flags a customer sharing a number with another from the index.
CREATE TABLE `customer_merges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kept_customer_id` integer NOT NULL,
	`merged_customer_id` integer NOT NULL,
	`merged_first_name` text NOT NULL,
	`merged_last_name` text NOT NULL,
	`merged_email` text,
	`merged_phone` text,
	`merged_address` text,
	`merged_postcode` text,
	`merged_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`kept_customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_merges_kept` ON `customer_merges` (`kept_customer_id`,`merged_at`);--> statement-breakpoint
CREATE INDEX `customer_merges_merged` ON `customer_merges` (`merged_customer_id`);--> statement-breakpoint
CREATE INDEX `customer_merges_email` ON `customer_merges` (lower("merged_email"));--> statement-breakpoint
CREATE INDEX `customers_phone_key` ON `customers` ((CASE WHEN substr(replace(replace(replace(replace(replace("phone", ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), 1, 3) = '440' THEN substr(replace(replace(replace(replace(replace("phone", ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), 3) WHEN substr(replace(replace(replace(replace(replace("phone", ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), 1, 2) = '44' THEN '0' || substr(replace(replace(replace(replace(replace("phone", ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), 3) ELSE replace(replace(replace(replace(replace("phone", ' ', ''), '-', ''), '(', ''), ')', ''), '+', '') END));
