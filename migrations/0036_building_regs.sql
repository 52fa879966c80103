-- The Building Regulations notification of a job that fitted a boiler, a cylinder or a gas fire
-- (issue 47, Building Regulations 2010 reg. 20(3)): what the owner recorded, once they notified it
-- through Gas Safe Register (its date, reference and later the certificate number), or that another
-- party notified it. Whether a job owes one, and by when, is read from its accepted quote and visits
-- (worker/services/jobs/building-regs.ts); only what a person records is stored, one row per job.
CREATE TABLE `building_regs_notifications` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`notified_by` text NOT NULL,
	`notified_on` text,
	`reference` text,
	`certificate_number` text,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
