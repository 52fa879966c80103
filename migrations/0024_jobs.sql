-- The job (docs/decisions/023-the-job.md): the thread a piece of work hangs on. Every visit belongs
-- to one; an invoice names the job it bills.
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer,
	`property_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `jobs_customer` ON `jobs` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_property` ON `jobs` (`property_id`);--> statement-breakpoint
ALTER TABLE `service_records` ADD `job_id` integer REFERENCES jobs(id);--> statement-breakpoint
CREATE INDEX `service_records_job` ON `service_records` (`job_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `job_id` integer REFERENCES jobs(id);--> statement-breakpoint
CREATE INDEX `invoices_job` ON `invoices` (`job_id`);--> statement-breakpoint
-- A visit's version counts the changes an engineer's phone must not overwrite: the job it is put in
-- is not one of them (the phone's sheets made before this migration still sync).
DROP TRIGGER `service_records_version`;--> statement-breakpoint
CREATE TRIGGER `service_records_version` AFTER UPDATE ON `service_records`
WHEN NEW.`version` = OLD.`version` AND NOT (OLD.`job_id` IS NULL AND NEW.`job_id` IS NOT NULL) BEGIN
  UPDATE `service_records` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
-- Every visit so far is a job of its own, numbered as the visit is (so nothing needs a mapping).
INSERT INTO `jobs` (`id`, `customer_id`, `property_id`, `created_at`)
SELECT `id`, `customer_id`, `property_id`, `created_at` FROM `service_records`;--> statement-breakpoint
UPDATE `service_records` SET `job_id` = `id`;--> statement-breakpoint
-- An invoice bills the job of the visit or the accepted quote it was made from.
UPDATE `invoices` SET `job_id` = COALESCE(
  (SELECT `v`.`job_id` FROM `service_records` `v` WHERE `v`.`id` = `invoices`.`service_record_id`),
  (SELECT `v`.`job_id` FROM `estimates` `e` JOIN `service_records` `v` ON `v`.`id` = `e`.`job_id` WHERE `e`.`id` = `invoices`.`estimate_id`)
);--> statement-breakpoint
-- A visit written without a job (booked online, by the owner, by a record issued with no visit, by
-- an accepted quote) makes its own, in the same statement, whatever code wrote it. Inside a trigger
-- last_insert_rowid() is the job's; after it, the writer's statement sees its visit's id again.
CREATE TRIGGER `service_records_job` AFTER INSERT ON `service_records` WHEN NEW.`job_id` IS NULL BEGIN
  INSERT INTO `jobs` (`customer_id`, `property_id`, `created_at`) VALUES (NEW.`customer_id`, NEW.`property_id`, NEW.`created_at`);
  UPDATE `service_records` SET `job_id` = last_insert_rowid() WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
-- A job of one visit goes where its visit goes (the owner moved it to another property or customer).
CREATE TRIGGER `service_records_job_place` AFTER UPDATE OF `customer_id`, `property_id` ON `service_records` BEGIN
  UPDATE `jobs` SET `customer_id` = NEW.`customer_id`, `property_id` = NEW.`property_id`
  WHERE `id` = NEW.`job_id`
    AND NOT EXISTS (SELECT 1 FROM `service_records` `o` WHERE `o`.`job_id` = NEW.`job_id` AND `o`.`id` <> NEW.`id`);
END;--> statement-breakpoint
-- A job with nothing left on it (its only visit deleted, no invoice) goes with it.
CREATE TRIGGER `service_records_job_gone` AFTER DELETE ON `service_records` BEGIN
  DELETE FROM `jobs` WHERE `id` = OLD.`job_id`
    AND NOT EXISTS (SELECT 1 FROM `service_records` `o` WHERE `o`.`job_id` = OLD.`job_id`)
    AND NOT EXISTS (SELECT 1 FROM `invoices` `i` WHERE `i`.`job_id` = OLD.`job_id`);
END;
