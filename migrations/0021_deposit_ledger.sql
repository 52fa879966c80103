CREATE TABLE `estimate_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`estimate_id` integer NOT NULL,
	`amount_pence` integer NOT NULL,
	`method` text NOT NULL,
	`paid_on` text NOT NULL,
	`reference` text,
	`stripe_session_id` text,
	`stripe_payment_intent` text,
	`refund_due_pence` integer DEFAULT 0 NOT NULL,
	`refund_reason` text,
	`refunded_pence` integer DEFAULT 0 NOT NULL,
	`refunded_at` text,
	`refund_method` text,
	`refund_reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimate_payments_stripe_session_id_unique` ON `estimate_payments` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `estimate_payments_estimate` ON `estimate_payments` (`estimate_id`);--> statement-breakpoint
ALTER TABLE `invoice_payments` ADD `refund_due_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_payments` ADD `refund_reason` text;--> statement-breakpoint
-- Deposits paid before the ledger: one card payment each, refunded (or due back, for a cancelled quote) as it stood.
INSERT INTO `estimate_payments` (`estimate_id`, `amount_pence`, `method`, `paid_on`, `reference`, `stripe_session_id`, `stripe_payment_intent`, `refund_due_pence`, `refund_reason`, `refunded_pence`, `refunded_at`, `refund_method`, `refund_reference`, `created_at`)
SELECT `a`.`estimate_id`, `a`.`deposit_pence`, 'card', substr(`a`.`deposit_paid_at`, 1, 10), `a`.`deposit_session_id`, `a`.`deposit_session_id`, `a`.`deposit_payment_intent`,
  CASE WHEN `a`.`refunded_at` IS NOT NULL OR `e`.`status` = 'cancelled' THEN `a`.`deposit_pence` ELSE 0 END,
  CASE WHEN `a`.`refunded_at` IS NOT NULL OR `e`.`status` = 'cancelled' THEN 'The quote was cancelled' END,
  CASE WHEN `a`.`refunded_at` IS NOT NULL THEN `a`.`deposit_pence` ELSE 0 END,
  `a`.`refunded_at`, CASE WHEN `a`.`refunded_at` IS NOT NULL THEN 'card' END, `a`.`refund_id`, `a`.`deposit_paid_at`
FROM `estimate_acceptances` `a` JOIN `estimates` `e` ON `e`.`id` = `a`.`estimate_id`
WHERE `a`.`deposit_paid_at` IS NOT NULL;--> statement-breakpoint
-- Jobs of accepted quotes put at another customer's property (the review's wrong-house bug) go back to the quote's own.
UPDATE `service_records` SET `property_id` = (SELECT `e`.`property_id` FROM `estimates` `e` WHERE `e`.`job_id` = `service_records`.`id`)
WHERE `service_records`.`id` IN (SELECT `e`.`job_id` FROM `estimates` `e` WHERE `e`.`job_id` IS NOT NULL)
  AND `service_records`.`property_id` IN (SELECT `p`.`id` FROM `properties` `p` WHERE `p`.`customer_id` IS NOT `service_records`.`customer_id`);--> statement-breakpoint
ALTER TABLE `estimate_acceptances` DROP COLUMN `deposit_paid_at`;--> statement-breakpoint
ALTER TABLE `estimate_acceptances` DROP COLUMN `deposit_payment_intent`;--> statement-breakpoint
ALTER TABLE `estimate_acceptances` DROP COLUMN `refund_id`;--> statement-breakpoint
ALTER TABLE `estimate_acceptances` DROP COLUMN `refunded_at`;