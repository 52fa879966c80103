-- A job is not done while it fitted a boiler without its Benchmark commissioning checklist issued
-- (issue 47 part 4). Whether it still owes one is a fact kept on its row, as its other facts are
-- (migrations/0035_job_facts.sql), by the database whichever code writes: when the boilers it fits
-- change (its quote's acceptance, migrations/0037), when a Benchmark is drafted, issued or moved at one
-- of its visits, and when a visit moves between jobs. Its stage reads the fact, so the stage column is
-- written again (a generated column cannot be altered) with its index.
DROP INDEX `jobs_stage`;--> statement-breakpoint
ALTER TABLE `jobs` DROP COLUMN `stage`;--> statement-breakpoint
ALTER TABLE `jobs` ADD `benchmark_owed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `stage` text GENERATED ALWAYS AS (CASE
  WHEN quote_status = 'cancelled' THEN 'cancelled'
  WHEN visits_under_way > 0 THEN 'in progress'
  WHEN visits_to_do > 0 THEN CASE WHEN quote_status = 'accepted' AND visits_timed = 0 THEN 'accepted' ELSE 'scheduled' END
  WHEN quote_status = 'draft' THEN 'enquiry'
  WHEN quote_status IN ('sent', 'viewed') THEN 'quoted'
  WHEN quote_status IN ('declined', 'expired') AND invoices_issued = 0 THEN 'cancelled'
  WHEN quote_status = 'accepted' AND visits = 0 THEN 'accepted'
  WHEN invoices_issued > 0 THEN CASE WHEN invoices_unpaid > 0 THEN 'invoiced' ELSE 'paid' END
  WHEN benchmark_owed > 0 THEN 'in progress'
  ELSE 'done' END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `jobs_stage` ON `jobs` (`stage`,`created_at`,`id`);--> statement-breakpoint
-- Only jobs not yet invoiced owe it: those fitted and invoiced before the checklist existed are left as they are.
UPDATE `jobs` SET `benchmark_owed` = (EXISTS (SELECT 1 FROM json_each(`jobs`.`installations`) WHERE `value` = 'boiler')
    AND NOT EXISTS (SELECT 1 FROM `benchmark_records` AS `b` JOIN `service_records` AS `v` ON `v`.`id` = `b`.`service_record_id`
      WHERE `v`.`job_id` = `jobs`.`id` AND `b`.`status` = 'issued'))
WHERE `installations` <> '[]' AND `invoices_issued` = 0;--> statement-breakpoint
CREATE TRIGGER `jobs_benchmark_owed_installations` AFTER UPDATE OF `installations` ON `jobs` BEGIN
  UPDATE `jobs` SET `benchmark_owed` = (EXISTS (SELECT 1 FROM json_each(`jobs`.`installations`) WHERE `value` = 'boiler')
    AND NOT EXISTS (SELECT 1 FROM `benchmark_records` AS `b` JOIN `service_records` AS `v` ON `v`.`id` = `b`.`service_record_id`
      WHERE `v`.`job_id` = `jobs`.`id` AND `b`.`status` = 'issued'))
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `benchmark_records_job_owed_insert` AFTER INSERT ON `benchmark_records` WHEN NEW.`service_record_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET `benchmark_owed` = (EXISTS (SELECT 1 FROM json_each(`jobs`.`installations`) WHERE `value` = 'boiler')
    AND NOT EXISTS (SELECT 1 FROM `benchmark_records` AS `b` JOIN `service_records` AS `v` ON `v`.`id` = `b`.`service_record_id`
      WHERE `v`.`job_id` = `jobs`.`id` AND `b`.`status` = 'issued'))
  WHERE `id` = (SELECT `job_id` FROM `service_records` WHERE `id` = NEW.`service_record_id`);
END;--> statement-breakpoint
CREATE TRIGGER `benchmark_records_job_owed_update` AFTER UPDATE OF `status`, `service_record_id` ON `benchmark_records` BEGIN
  UPDATE `jobs` SET `benchmark_owed` = (EXISTS (SELECT 1 FROM json_each(`jobs`.`installations`) WHERE `value` = 'boiler')
    AND NOT EXISTS (SELECT 1 FROM `benchmark_records` AS `b` JOIN `service_records` AS `v` ON `v`.`id` = `b`.`service_record_id`
      WHERE `v`.`job_id` = `jobs`.`id` AND `b`.`status` = 'issued'))
  WHERE `id` IN ((SELECT `job_id` FROM `service_records` WHERE `id` = NEW.`service_record_id`), (SELECT `job_id` FROM `service_records` WHERE `id` = OLD.`service_record_id`));
END;--> statement-breakpoint
CREATE TRIGGER `benchmark_records_job_owed_delete` AFTER DELETE ON `benchmark_records` WHEN OLD.`service_record_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET `benchmark_owed` = (EXISTS (SELECT 1 FROM json_each(`jobs`.`installations`) WHERE `value` = 'boiler')
    AND NOT EXISTS (SELECT 1 FROM `benchmark_records` AS `b` JOIN `service_records` AS `v` ON `v`.`id` = `b`.`service_record_id`
      WHERE `v`.`job_id` = `jobs`.`id` AND `b`.`status` = 'issued'))
  WHERE `id` = (SELECT `job_id` FROM `service_records` WHERE `id` = OLD.`service_record_id`);
END;--> statement-breakpoint
CREATE TRIGGER `service_records_job_benchmark_owed` AFTER UPDATE OF `job_id` ON `service_records` BEGIN
  UPDATE `jobs` SET `benchmark_owed` = (EXISTS (SELECT 1 FROM json_each(`jobs`.`installations`) WHERE `value` = 'boiler')
    AND NOT EXISTS (SELECT 1 FROM `benchmark_records` AS `b` JOIN `service_records` AS `v` ON `v`.`id` = `b`.`service_record_id`
      WHERE `v`.`job_id` = `jobs`.`id` AND `b`.`status` = 'issued'))
  WHERE `id` IN (NEW.`job_id`, OLD.`job_id`);
END;
