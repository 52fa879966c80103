-- A job's state at ten years' volume (issue 45): the list's state tabs read every job's visits,
-- quote and invoices to find 30 (221 ms at 60,000 jobs). The facts the state follows from are kept on
-- the job by the database, at every write of a visit, a quote or an invoice, whichever code wrote it
-- (the Worker, the seeds, a restore, the merge); each trigger counts its job's own rows again by
-- their job index, so the order triggers run in cannot leave a count wrong. The state but for a sent
-- quote's date is a virtual column, indexed with the list's order: a tab is an index range.
ALTER TABLE `jobs` ADD `quote_status` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `quote_valid_until` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `visits` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `visits_to_do` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `visits_under_way` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `visits_timed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `invoices_issued` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `invoices_unpaid` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `stage` text GENERATED ALWAYS AS (CASE
  WHEN quote_status = 'cancelled' THEN 'cancelled'
  WHEN visits_under_way > 0 THEN 'in progress'
  WHEN visits_to_do > 0 THEN CASE WHEN quote_status = 'accepted' AND visits_timed = 0 THEN 'accepted' ELSE 'scheduled' END
  WHEN quote_status = 'draft' THEN 'enquiry'
  WHEN quote_status IN ('sent', 'viewed') THEN 'quoted'
  WHEN quote_status IN ('declined', 'expired') AND invoices_issued = 0 THEN 'cancelled'
  WHEN quote_status = 'accepted' AND visits = 0 THEN 'accepted'
  WHEN invoices_issued > 0 THEN CASE WHEN invoices_unpaid > 0 THEN 'invoiced' ELSE 'paid' END
  ELSE 'done' END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `jobs_stage` ON `jobs` (`stage`,`created_at`,`id`);--> statement-breakpoint
-- Every job's facts as they are now.
UPDATE `jobs` SET
  (`quote_status`, `quote_valid_until`) = (SELECT `q`.`status`, `q`.`valid_until` FROM `estimates` `q` WHERE `q`.`job_id` = `jobs`.`id` ORDER BY `q`.`id` LIMIT 1),
  (`visits`, `visits_to_do`, `visits_under_way`, `visits_timed`) = (SELECT count(*), coalesce(sum(`v`.`status` <> 'completed'), 0), coalesce(sum(`v`.`status` = 'in-progress'), 0), coalesce(sum(`v`.`visit_start` IS NOT NULL), 0) FROM `service_records` `v` WHERE `v`.`job_id` = `jobs`.`id`),
  (`invoices_issued`, `invoices_unpaid`) = (SELECT coalesce(sum(`i`.`status` = 'issued'), 0), coalesce(sum(`i`.`status` = 'issued' AND `i`.`paid_at` IS NULL), 0) FROM `invoices` `i` WHERE `i`.`job_id` = `jobs`.`id`);--> statement-breakpoint
-- A visit's: its job's visits counted again (the job it left too, when it moved).
CREATE TRIGGER `service_records_job_facts_insert` AFTER INSERT ON `service_records` WHEN NEW.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET (`visits`, `visits_to_do`, `visits_under_way`, `visits_timed`) = (SELECT count(*), coalesce(sum(`v`.`status` <> 'completed'), 0), coalesce(sum(`v`.`status` = 'in-progress'), 0), coalesce(sum(`v`.`visit_start` IS NOT NULL), 0) FROM `service_records` `v` WHERE `v`.`job_id` = `jobs`.`id`)
  WHERE `id` = NEW.`job_id`;
END;--> statement-breakpoint
CREATE TRIGGER `service_records_job_facts_update` AFTER UPDATE OF `status`, `visit_start`, `job_id` ON `service_records` BEGIN
  UPDATE `jobs` SET (`visits`, `visits_to_do`, `visits_under_way`, `visits_timed`) = (SELECT count(*), coalesce(sum(`v`.`status` <> 'completed'), 0), coalesce(sum(`v`.`status` = 'in-progress'), 0), coalesce(sum(`v`.`visit_start` IS NOT NULL), 0) FROM `service_records` `v` WHERE `v`.`job_id` = `jobs`.`id`)
  WHERE `id` IN (NEW.`job_id`, OLD.`job_id`);
END;--> statement-breakpoint
CREATE TRIGGER `service_records_job_facts_delete` AFTER DELETE ON `service_records` WHEN OLD.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET (`visits`, `visits_to_do`, `visits_under_way`, `visits_timed`) = (SELECT count(*), coalesce(sum(`v`.`status` <> 'completed'), 0), coalesce(sum(`v`.`status` = 'in-progress'), 0), coalesce(sum(`v`.`visit_start` IS NOT NULL), 0) FROM `service_records` `v` WHERE `v`.`job_id` = `jobs`.`id`)
  WHERE `id` = OLD.`job_id`;
END;--> statement-breakpoint
-- A quote's: the job's first quote read again.
CREATE TRIGGER `estimates_job_facts_insert` AFTER INSERT ON `estimates` WHEN NEW.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET (`quote_status`, `quote_valid_until`) = (SELECT `q`.`status`, `q`.`valid_until` FROM `estimates` `q` WHERE `q`.`job_id` = `jobs`.`id` ORDER BY `q`.`id` LIMIT 1)
  WHERE `id` = NEW.`job_id`;
END;--> statement-breakpoint
CREATE TRIGGER `estimates_job_facts_update` AFTER UPDATE OF `status`, `valid_until`, `job_id` ON `estimates` BEGIN
  UPDATE `jobs` SET (`quote_status`, `quote_valid_until`) = (SELECT `q`.`status`, `q`.`valid_until` FROM `estimates` `q` WHERE `q`.`job_id` = `jobs`.`id` ORDER BY `q`.`id` LIMIT 1)
  WHERE `id` IN (NEW.`job_id`, OLD.`job_id`);
END;--> statement-breakpoint
CREATE TRIGGER `estimates_job_facts_delete` AFTER DELETE ON `estimates` WHEN OLD.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET (`quote_status`, `quote_valid_until`) = (SELECT `q`.`status`, `q`.`valid_until` FROM `estimates` `q` WHERE `q`.`job_id` = `jobs`.`id` ORDER BY `q`.`id` LIMIT 1)
  WHERE `id` = OLD.`job_id`;
END;--> statement-breakpoint
-- An invoice's: the job's issued and unpaid invoices counted again.
CREATE TRIGGER `invoices_job_facts_insert` AFTER INSERT ON `invoices` WHEN NEW.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET (`invoices_issued`, `invoices_unpaid`) = (SELECT coalesce(sum(`i`.`status` = 'issued'), 0), coalesce(sum(`i`.`status` = 'issued' AND `i`.`paid_at` IS NULL), 0) FROM `invoices` `i` WHERE `i`.`job_id` = `jobs`.`id`)
  WHERE `id` = NEW.`job_id`;
END;--> statement-breakpoint
CREATE TRIGGER `invoices_job_facts_update` AFTER UPDATE OF `status`, `paid_at`, `job_id` ON `invoices` BEGIN
  UPDATE `jobs` SET (`invoices_issued`, `invoices_unpaid`) = (SELECT coalesce(sum(`i`.`status` = 'issued'), 0), coalesce(sum(`i`.`status` = 'issued' AND `i`.`paid_at` IS NULL), 0) FROM `invoices` `i` WHERE `i`.`job_id` = `jobs`.`id`)
  WHERE `id` IN (NEW.`job_id`, OLD.`job_id`);
END;--> statement-breakpoint
CREATE TRIGGER `invoices_job_facts_delete` AFTER DELETE ON `invoices` WHEN OLD.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET (`invoices_issued`, `invoices_unpaid`) = (SELECT coalesce(sum(`i`.`status` = 'issued'), 0), coalesce(sum(`i`.`status` = 'issued' AND `i`.`paid_at` IS NULL), 0) FROM `invoices` `i` WHERE `i`.`job_id` = `jobs`.`id`)
  WHERE `id` = OLD.`job_id`;
END;
