-- The back office's lists at ten years' volume (issue 45; test/list-plans.test.ts plans each one).
-- The invoice list's tabs as an index: which tab an invoice is under (its status, or for an issued
-- one paid or unpaid by its balance) is a virtual column, computed from the stored sums and kept in
-- the two indexes below at every write. A tab, newest change first, is then a walk of one index, and
-- the money owed (the home's tiles, the overdue tab, the owed report) a range of the other: at 30,000
-- invoices the Paid tab no longer computes every invoice's balance to find 30.
ALTER TABLE `invoices` ADD `tab` text GENERATED ALWAYS AS (CASE WHEN status <> 'issued' THEN status WHEN gross_pence - deposit_pence - credited_pence - paid_pence <= 0 THEN 'paid' ELSE 'unpaid' END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `invoices_tab_updated` ON `invoices` (`tab`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_tab_due` ON `invoices` (`tab`,`due_date`);--> statement-breakpoint
-- The rest are the dates and flags the home screen, the reminders, the exports and the reports
-- read by: each was a scan of its table. The urgent enquiries nobody has answered are a handful
-- among ten years of enquiries, so their index holds only them.
CREATE INDEX `quotes_unread` ON `quotes` (`is_read`);--> statement-breakpoint
CREATE INDEX `quotes_urgent_open` ON `quotes` (`created_at`) WHERE urgent_reason IS NOT NULL AND replied_at IS NULL;--> statement-breakpoint
CREATE INDEX `service_records_next_due` ON `service_records` (`next_service_due`);--> statement-breakpoint
CREATE INDEX `properties_tenant_email` ON `properties` (lower("tenant_email"));--> statement-breakpoint
CREATE INDEX `credit_notes_issue_date` ON `credit_notes` (`issue_date`);--> statement-breakpoint
CREATE INDEX `jobs_created` ON `jobs` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `estimate_acceptances_accepted` ON `estimate_acceptances` (`accepted_at`);--> statement-breakpoint
CREATE INDEX `estimate_payments_paid_on` ON `estimate_payments` (`paid_on`);--> statement-breakpoint
CREATE INDEX `estimate_payments_refunded` ON `estimate_payments` (`refunded_at`) WHERE refunded_pence > 0;--> statement-breakpoint
CREATE INDEX `estimates_sent` ON `estimates` (`sent_at`);--> statement-breakpoint
-- A subscriber found by her address in any letter case (each campaign e-mail's check that she is
-- still subscribed, the sign-up form): the unique index compares exact bytes, so `= ? COLLATE NOCASE`
-- read all 30,000 subscribers per e-mail. Written here by hand: Drizzle's index builder cannot name a
-- column's collation.
CREATE INDEX `email_subscribers_email_nocase` ON `email_subscribers` (`email` COLLATE NOCASE);
