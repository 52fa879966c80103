-- A visit deleted from its job takes its job sheet's ticked installations and its Benchmark with it
-- (the sheet is deleted, the checklist keeps its row without the visit). The triggers on those rows
-- look the job up through the visit, which is gone by then, so the job kept both facts as they were:
-- still owing a notification for a boiler no visit of it fitted, or not owing the Benchmark its
-- remaining boiler needs. The visit's own deletion now has the job read both again (the view and the
-- owed check join the visits, so the deleted one counts for nothing whether or not its rows are gone
-- yet); writing `installations` fires 0041's trigger for `benchmark_owed`.
CREATE TRIGGER `service_records_job_installations_delete` AFTER DELETE ON `service_records` WHEN OLD.`job_id` IS NOT NULL BEGIN
  UPDATE `jobs` SET `installations` = (SELECT json_group_array(DISTINCT `kind`) FROM `job_installation_kinds` WHERE `job_installation_kinds`.`job_id` = `jobs`.`id`)
  WHERE `id` = OLD.`job_id`;
END;
