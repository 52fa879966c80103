-- The notifiable installations a job fitted (issue 47 part 2: "the kinds in the catalogue or chosen on
-- the sheet"): its accepted quote's lines marked so (migrations/0037_job_installations.sql), and now
-- also what the engineer ticks on a visit's job sheet, for the work that had no quote (a boiler
-- replaced on an emergency call). Both are read by one view, which every trigger that keeps
-- jobs.installations reads, so the rule is written once; 0037's triggers are written again over it.
ALTER TABLE `visit_sheets` ADD `installations` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE VIEW `job_installation_kinds` AS
SELECT `q`.`job_id` AS `job_id`, json_extract(`line`.`value`, '$.installation') AS `kind`
  FROM `estimates` AS `q`
  JOIN `estimate_acceptances` AS `a` ON `a`.`estimate_id` = `q`.`id`
  JOIN `estimate_versions` AS `v` ON `v`.`estimate_id` = `q`.`id` AND `v`.`version` = `a`.`version`,
  json_each(`v`.`content`, '$.options') AS `opt`, json_each(`opt`.`value`, '$.lines') AS `line`
  WHERE `q`.`status` = 'accepted' AND `q`.`job_id` IS NOT NULL
    AND json_extract(`opt`.`value`, '$.id') = `a`.`option_id`
    AND json_extract(`line`.`value`, '$.installation') IS NOT NULL
    AND (NOT json_extract(`line`.`value`, '$.optional')
      OR json_extract(`line`.`value`, '$.id') IN (SELECT `chosen`.`value` FROM json_each(`a`.`optional_line_ids`) AS `chosen`))
UNION ALL
SELECT `r`.`job_id` AS `job_id`, `k`.`value` AS `kind`
  FROM `service_records` AS `r`
  JOIN `visit_sheets` AS `s` ON `s`.`service_record_id` = `r`.`id`, json_each(`s`.`installations`) AS `k`
  WHERE `r`.`job_id` IS NOT NULL;--> statement-breakpoint
DROP TRIGGER `estimate_acceptances_job_installations_insert`;--> statement-breakpoint
DROP TRIGGER `estimate_acceptances_job_installations_update`;--> statement-breakpoint
DROP TRIGGER `estimate_acceptances_job_installations_delete`;--> statement-breakpoint
DROP TRIGGER `estimates_job_installations_update`;--> statement-breakpoint
DROP TRIGGER `estimates_job_installations_delete`;--> statement-breakpoint
CREATE TRIGGER `estimate_acceptances_job_installations_insert` AFTER INSERT ON `estimate_acceptances` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` IN (SELECT `job_id` FROM `estimates` WHERE `id` = NEW.`estimate_id`);
END;--> statement-breakpoint
CREATE TRIGGER `estimate_acceptances_job_installations_update` AFTER UPDATE ON `estimate_acceptances` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` IN (SELECT `job_id` FROM `estimates` WHERE `id` IN (NEW.`estimate_id`, OLD.`estimate_id`));
END;--> statement-breakpoint
CREATE TRIGGER `estimate_acceptances_job_installations_delete` AFTER DELETE ON `estimate_acceptances` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` IN (SELECT `job_id` FROM `estimates` WHERE `id` = OLD.`estimate_id`);
END;--> statement-breakpoint
CREATE TRIGGER `estimates_job_installations_update` AFTER UPDATE OF `status`, `job_id` ON `estimates` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` IN (NEW.`job_id`, OLD.`job_id`);
END;--> statement-breakpoint
CREATE TRIGGER `estimates_job_installations_delete` AFTER DELETE ON `estimates` WHEN OLD.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` = OLD.`job_id`;
END;--> statement-breakpoint
-- A job sheet's: ticked, changed or gone with its visit; and a visit moving between jobs takes its sheet's along.
CREATE TRIGGER `visit_sheets_job_installations_insert` AFTER INSERT ON `visit_sheets` WHEN NEW.`installations` <> '[]' BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` = (SELECT `job_id` FROM `service_records` WHERE `id` = NEW.`service_record_id`);
END;--> statement-breakpoint
CREATE TRIGGER `visit_sheets_job_installations_update` AFTER UPDATE OF `installations` ON `visit_sheets` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` IN (SELECT `job_id` FROM `service_records` WHERE `id` IN (NEW.`service_record_id`, OLD.`service_record_id`));
END;--> statement-breakpoint
CREATE TRIGGER `visit_sheets_job_installations_delete` AFTER DELETE ON `visit_sheets` WHEN OLD.`installations` <> '[]' BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` = (SELECT `job_id` FROM `service_records` WHERE `id` = OLD.`service_record_id`);
END;--> statement-breakpoint
CREATE TRIGGER `service_records_job_installations_move` AFTER UPDATE OF `job_id` ON `service_records` WHEN EXISTS (SELECT 1 FROM `visit_sheets` WHERE `service_record_id` = NEW.`id` AND `installations` <> '[]') BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` IN (NEW.`job_id`, OLD.`job_id`);
END;
