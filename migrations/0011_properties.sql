CREATE TABLE `appliances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property_id` integer NOT NULL,
	`location` text NOT NULL,
	`type` text NOT NULL,
	`make` text,
	`model` text,
	`serial` text,
	`flue_type` text NOT NULL,
	`landlord_owned` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `appliances_property` ON `appliances` (`property_id`,`id`);--> statement-breakpoint
CREATE TABLE `properties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`address` text NOT NULL,
	`postcode` text,
	`tenant_name` text,
	`tenant_email` text,
	`tenant_phone` text,
	`tenant_gets_copies` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `properties_customer` ON `properties` (`customer_id`,`id`);--> statement-breakpoint
ALTER TABLE `service_records` ADD `property_id` integer REFERENCES properties(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `service_records_property` ON `service_records` (`property_id`,`service_date`);--> statement-breakpoint
-- Every customer with an address or a postcode gets it as their first property, and their visits
-- are put at it: a customer with one home works as before.
INSERT INTO `properties` (`customer_id`, `address`, `postcode`, `created_at`)
SELECT `id`, COALESCE(NULLIF(TRIM(`address`), ''), `postcode`), NULLIF(TRIM(`postcode`), ''), `created_at` FROM `customers`
WHERE NULLIF(TRIM(`address`), '') IS NOT NULL OR NULLIF(TRIM(`postcode`), '') IS NOT NULL
ORDER BY `id`;--> statement-breakpoint
UPDATE `service_records` SET `property_id` = (
  SELECT p.`id` FROM `properties` p WHERE p.`customer_id` = `service_records`.`customer_id` ORDER BY p.`id` LIMIT 1
) WHERE `customer_id` IS NOT NULL;
