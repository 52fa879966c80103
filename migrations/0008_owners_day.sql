-- Written by hand from drizzle-kit's output (the snapshot is drizzle-kit's own). Two of its table
-- rebuilds were not safe: D1 keeps foreign keys on, and DROP TABLE runs an implicit DELETE FROM
-- whose ON DELETE actions would have cleared every service record's, booking's and reminder's
-- customer. Customers' e-mail becomes optional by dropping and re-adding the column instead (no
-- table is dropped), and the booking cells, which nothing refers to, are rebuilt.

-- The engineer's time is held by the visit (a service record with a time), not by the booking.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_booking_cells` (
	`cell` text PRIMARY KEY NOT NULL,
	`service_record_id` integer NOT NULL,
	FOREIGN KEY (`service_record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_booking_cells` (`cell`, `service_record_id`)
  SELECT c.`cell`, b.`service_record_id` FROM `booking_cells` AS c JOIN `bookings` AS b ON b.`id` = c.`booking_id`
  WHERE b.`service_record_id` IS NOT NULL;--> statement-breakpoint
DROP TABLE `booking_cells`;--> statement-breakpoint
ALTER TABLE `__new_booking_cells` RENAME TO `booking_cells`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint

-- A customer needs a name and an e-mail or a phone number.
DROP TRIGGER `customers_search_insert`;--> statement-breakpoint
DROP TRIGGER `customers_search_update`;--> statement-breakpoint
DROP INDEX `customers_email`;--> statement-breakpoint
ALTER TABLE `customers` ADD `email_optional` text;--> statement-breakpoint
UPDATE `customers` SET `email_optional` = `email`;--> statement-breakpoint
ALTER TABLE `customers` DROP COLUMN `email`;--> statement-breakpoint
ALTER TABLE `customers` RENAME COLUMN `email_optional` TO `email`;--> statement-breakpoint
CREATE INDEX `customers_email` ON `customers` (`email`);--> statement-breakpoint
CREATE TRIGGER `customers_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customers_search` (rowid, name, email, phone, postcode) VALUES (NEW.id, NEW.first_name || ' ' || NEW.last_name, COALESCE(NEW.email, ''),
    COALESCE(NEW.phone, '') || ' ' || replace(replace(replace(COALESCE(NEW.phone, ''), ' ', ''), '-', ''), '+', ''),
    COALESCE(NEW.postcode, '') || ' ' || replace(COALESCE(NEW.postcode, ''), ' ', ''));
END;--> statement-breakpoint
CREATE TRIGGER `customers_search_update` AFTER UPDATE ON `customers` BEGIN
  DELETE FROM `customers_search` WHERE rowid = OLD.id;
  INSERT INTO `customers_search` (rowid, name, email, phone, postcode) VALUES (NEW.id, NEW.first_name || ' ' || NEW.last_name, COALESCE(NEW.email, ''),
    COALESCE(NEW.phone, '') || ' ' || replace(replace(replace(COALESCE(NEW.phone, ''), ' ', ''), '-', ''), '+', ''),
    COALESCE(NEW.postcode, '') || ' ' || replace(COALESCE(NEW.postcode, ''), ' ', ''));
END;--> statement-breakpoint

ALTER TABLE `bookings` ADD `source` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `quotes` ADD `urgent_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_by` text;--> statement-breakpoint
CREATE INDEX `service_records_quote` ON `service_records` (`quote_id`);
