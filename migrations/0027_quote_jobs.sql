-- A job starts with its quote (docs/decisions/023-the-job.md): the quote names its job, made with it
-- at the quote's customer and property, so the job is there from the enquiry's pricing to the money.
-- The visit the accepted quote booked keeps its own column (it was `job_id` when a visit was the job).
ALTER TABLE `estimates` RENAME COLUMN `job_id` TO `visit_id`;--> statement-breakpoint
ALTER TABLE `estimates` ADD `job_id` integer REFERENCES jobs(id);--> statement-breakpoint
CREATE INDEX `estimates_job` ON `estimates` (`job_id`);--> statement-breakpoint
-- An accepted quote is on the job of the visit it booked.
UPDATE `estimates` SET `job_id` = (SELECT `v`.`job_id` FROM `service_records` `v` WHERE `v`.`id` = `estimates`.`visit_id`)
WHERE `visit_id` IS NOT NULL;--> statement-breakpoint
-- Every other quote is a job of its own, numbered after the jobs there are (a one-row table keeps the
-- base for the two statements).
CREATE TABLE `_quote_jobs_base` AS SELECT COALESCE(MAX(`id`), 0) AS `base` FROM `jobs`;--> statement-breakpoint
INSERT INTO `jobs` (`id`, `customer_id`, `property_id`, `created_at`)
SELECT (SELECT `base` FROM `_quote_jobs_base`) + `e`.`id`, `e`.`customer_id`, `e`.`property_id`, `e`.`created_at`
FROM `estimates` `e` WHERE `e`.`job_id` IS NULL;--> statement-breakpoint
UPDATE `estimates` SET `job_id` = (SELECT `base` FROM `_quote_jobs_base`) + `id` WHERE `job_id` IS NULL;--> statement-breakpoint
DROP TABLE `_quote_jobs_base`;--> statement-breakpoint
-- A quote written without a job makes its own, in the same statement, whatever code wrote it (the
-- owner's builder, the seeds, a restore of an older backup). As with a visit's, last_insert_rowid()
-- is the job's inside the trigger only.
CREATE TRIGGER `estimates_job` AFTER INSERT ON `estimates` WHEN NEW.`job_id` IS NULL BEGIN
  INSERT INTO `jobs` (`customer_id`, `property_id`, `created_at`) VALUES (NEW.`customer_id`, NEW.`property_id`, NEW.`created_at`);
  UPDATE `estimates` SET `job_id` = last_insert_rowid() WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
-- Until a visit or an invoice is on it, the job goes where its quote goes (the owner chose the
-- property, or merged the customer).
CREATE TRIGGER `estimates_job_place` AFTER UPDATE OF `customer_id`, `property_id` ON `estimates` BEGIN
  UPDATE `jobs` SET `customer_id` = NEW.`customer_id`, `property_id` = NEW.`property_id`
  WHERE `id` = NEW.`job_id`
    AND NOT EXISTS (SELECT 1 FROM `service_records` `v` WHERE `v`.`job_id` = NEW.`job_id`)
    AND NOT EXISTS (SELECT 1 FROM `invoices` `i` WHERE `i`.`job_id` = NEW.`job_id`);
END;--> statement-breakpoint
-- A job with nothing left on it goes with its quote, as with its last visit; a visit's going leaves
-- the job of a quote in place.
CREATE TRIGGER `estimates_job_gone` AFTER DELETE ON `estimates` BEGIN
  DELETE FROM `jobs` WHERE `id` = OLD.`job_id`
    AND NOT EXISTS (SELECT 1 FROM `service_records` `v` WHERE `v`.`job_id` = OLD.`job_id`)
    AND NOT EXISTS (SELECT 1 FROM `invoices` `i` WHERE `i`.`job_id` = OLD.`job_id`)
    AND NOT EXISTS (SELECT 1 FROM `estimates` `o` WHERE `o`.`job_id` = OLD.`job_id`);
END;--> statement-breakpoint
DROP TRIGGER `service_records_job_gone`;--> statement-breakpoint
CREATE TRIGGER `service_records_job_gone` AFTER DELETE ON `service_records` BEGIN
  DELETE FROM `jobs` WHERE `id` = OLD.`job_id`
    AND NOT EXISTS (SELECT 1 FROM `service_records` `o` WHERE `o`.`job_id` = OLD.`job_id`)
    AND NOT EXISTS (SELECT 1 FROM `invoices` `i` WHERE `i`.`job_id` = OLD.`job_id`)
    AND NOT EXISTS (SELECT 1 FROM `estimates` `e` WHERE `e`.`job_id` = OLD.`job_id`);
END;
--> statement-breakpoint
-- A job with no property yet (its quote's is not chosen) is at the first visit's, once one is booked.
CREATE TRIGGER `service_records_job_property` AFTER INSERT ON `service_records`
WHEN NEW.`job_id` IS NOT NULL AND NEW.`property_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET `property_id` = NEW.`property_id` WHERE `id` = NEW.`job_id` AND `property_id` IS NULL;
END;
