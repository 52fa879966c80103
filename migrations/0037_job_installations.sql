-- The Building Regulations notifications to make, at ten years' volume (issue 47 with issue 45's
-- rule): which notifiable installations (boiler, cylinder, gas fire) a job's accepted quote fits was
-- read by walking every accepted quote's lines as JSON at each home screen (2,400 accepted quotes:
-- about 90 ms a statement). It is kept on the job instead, by the database, whenever an acceptance
-- or its quote's status or job changes; the jobs that fitted something are a small partial index.
-- (A quote's versions are not changed once it is accepted, so they need no trigger.)
ALTER TABLE `jobs` ADD `installations` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `jobs_installed` ON `jobs` (`id`) WHERE installations <> '[]';--> statement-breakpoint
UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT json_extract(`line`.`value`, '$.installation'))
    FROM `estimates` AS `q`
    JOIN `estimate_acceptances` AS `a` ON `a`.`estimate_id` = `q`.`id`
    JOIN `estimate_versions` AS `v` ON `v`.`estimate_id` = `q`.`id` AND `v`.`version` = `a`.`version`,
    json_each(`v`.`content`, '$.options') AS `opt`, json_each(`opt`.`value`, '$.lines') AS `line`
    WHERE `q`.`job_id` = `jobs`.`id` AND `q`.`status` = 'accepted'
      AND json_extract(`opt`.`value`, '$.id') = `a`.`option_id`
      AND json_extract(`line`.`value`, '$.installation') IS NOT NULL
      AND (NOT json_extract(`line`.`value`, '$.optional')
        OR json_extract(`line`.`value`, '$.id') IN (SELECT `chosen`.`value` FROM json_each(`a`.`optional_line_ids`) AS `chosen`)))
WHERE `id` IN (SELECT `job_id` FROM `estimates` WHERE `status` = 'accepted');--> statement-breakpoint
CREATE TRIGGER `estimate_acceptances_job_installations_insert` AFTER INSERT ON `estimate_acceptances` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT json_extract(`line`.`value`, '$.installation'))
    FROM `estimates` AS `q`
    JOIN `estimate_acceptances` AS `a` ON `a`.`estimate_id` = `q`.`id`
    JOIN `estimate_versions` AS `v` ON `v`.`estimate_id` = `q`.`id` AND `v`.`version` = `a`.`version`,
    json_each(`v`.`content`, '$.options') AS `opt`, json_each(`opt`.`value`, '$.lines') AS `line`
    WHERE `q`.`job_id` = `jobs`.`id` AND `q`.`status` = 'accepted'
      AND json_extract(`opt`.`value`, '$.id') = `a`.`option_id`
      AND json_extract(`line`.`value`, '$.installation') IS NOT NULL
      AND (NOT json_extract(`line`.`value`, '$.optional')
        OR json_extract(`line`.`value`, '$.id') IN (SELECT `chosen`.`value` FROM json_each(`a`.`optional_line_ids`) AS `chosen`)))
  WHERE `id` IN (SELECT `job_id` FROM `estimates` WHERE `id` = NEW.`estimate_id`);
END;--> statement-breakpoint
CREATE TRIGGER `estimate_acceptances_job_installations_update` AFTER UPDATE ON `estimate_acceptances` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT json_extract(`line`.`value`, '$.installation'))
    FROM `estimates` AS `q`
    JOIN `estimate_acceptances` AS `a` ON `a`.`estimate_id` = `q`.`id`
    JOIN `estimate_versions` AS `v` ON `v`.`estimate_id` = `q`.`id` AND `v`.`version` = `a`.`version`,
    json_each(`v`.`content`, '$.options') AS `opt`, json_each(`opt`.`value`, '$.lines') AS `line`
    WHERE `q`.`job_id` = `jobs`.`id` AND `q`.`status` = 'accepted'
      AND json_extract(`opt`.`value`, '$.id') = `a`.`option_id`
      AND json_extract(`line`.`value`, '$.installation') IS NOT NULL
      AND (NOT json_extract(`line`.`value`, '$.optional')
        OR json_extract(`line`.`value`, '$.id') IN (SELECT `chosen`.`value` FROM json_each(`a`.`optional_line_ids`) AS `chosen`)))
  WHERE `id` IN (SELECT `job_id` FROM `estimates` WHERE `id` IN (NEW.`estimate_id`, OLD.`estimate_id`));
END;--> statement-breakpoint
CREATE TRIGGER `estimate_acceptances_job_installations_delete` AFTER DELETE ON `estimate_acceptances` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT json_extract(`line`.`value`, '$.installation'))
    FROM `estimates` AS `q`
    JOIN `estimate_acceptances` AS `a` ON `a`.`estimate_id` = `q`.`id`
    JOIN `estimate_versions` AS `v` ON `v`.`estimate_id` = `q`.`id` AND `v`.`version` = `a`.`version`,
    json_each(`v`.`content`, '$.options') AS `opt`, json_each(`opt`.`value`, '$.lines') AS `line`
    WHERE `q`.`job_id` = `jobs`.`id` AND `q`.`status` = 'accepted'
      AND json_extract(`opt`.`value`, '$.id') = `a`.`option_id`
      AND json_extract(`line`.`value`, '$.installation') IS NOT NULL
      AND (NOT json_extract(`line`.`value`, '$.optional')
        OR json_extract(`line`.`value`, '$.id') IN (SELECT `chosen`.`value` FROM json_each(`a`.`optional_line_ids`) AS `chosen`)))
  WHERE `id` IN (SELECT `job_id` FROM `estimates` WHERE `id` = OLD.`estimate_id`);
END;--> statement-breakpoint
CREATE TRIGGER `estimates_job_installations_update` AFTER UPDATE OF `status`, `job_id` ON `estimates` BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT json_extract(`line`.`value`, '$.installation'))
    FROM `estimates` AS `q`
    JOIN `estimate_acceptances` AS `a` ON `a`.`estimate_id` = `q`.`id`
    JOIN `estimate_versions` AS `v` ON `v`.`estimate_id` = `q`.`id` AND `v`.`version` = `a`.`version`,
    json_each(`v`.`content`, '$.options') AS `opt`, json_each(`opt`.`value`, '$.lines') AS `line`
    WHERE `q`.`job_id` = `jobs`.`id` AND `q`.`status` = 'accepted'
      AND json_extract(`opt`.`value`, '$.id') = `a`.`option_id`
      AND json_extract(`line`.`value`, '$.installation') IS NOT NULL
      AND (NOT json_extract(`line`.`value`, '$.optional')
        OR json_extract(`line`.`value`, '$.id') IN (SELECT `chosen`.`value` FROM json_each(`a`.`optional_line_ids`) AS `chosen`)))
  WHERE `id` IN (NEW.`job_id`, OLD.`job_id`);
END;--> statement-breakpoint
CREATE TRIGGER `estimates_job_installations_delete` AFTER DELETE ON `estimates` WHEN OLD.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT json_extract(`line`.`value`, '$.installation'))
    FROM `estimates` AS `q`
    JOIN `estimate_acceptances` AS `a` ON `a`.`estimate_id` = `q`.`id`
    JOIN `estimate_versions` AS `v` ON `v`.`estimate_id` = `q`.`id` AND `v`.`version` = `a`.`version`,
    json_each(`v`.`content`, '$.options') AS `opt`, json_each(`opt`.`value`, '$.lines') AS `line`
    WHERE `q`.`job_id` = `jobs`.`id` AND `q`.`status` = 'accepted'
      AND json_extract(`opt`.`value`, '$.id') = `a`.`option_id`
      AND json_extract(`line`.`value`, '$.installation') IS NOT NULL
      AND (NOT json_extract(`line`.`value`, '$.optional')
        OR json_extract(`line`.`value`, '$.id') IN (SELECT `chosen`.`value` FROM json_each(`a`.`optional_line_ids`) AS `chosen`)))
  WHERE `id` = OLD.`job_id`;
END;
