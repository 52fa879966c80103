-- Issue 45: the accountant's exports for a tax year read a range of an index holding every column
-- they write (worker/services/invoices/exports.ts), not 13,000 invoices read whole with their issued
-- snapshots: the invoices' export, the payments' export, and an invoice's number and customer by its id.
CREATE INDEX `invoice_payments_export` ON `invoice_payments` (`paid_on`,`invoice_id`,`amount_pence`,`method`,`reference`);--> statement-breakpoint
CREATE INDEX `invoices_export` ON `invoices` (`issue_date`,`status`,`number`,`customer_id`,`due_date`,`vat_registered`,`gross_pence`,`deposit_pence`,`credited_pence`,`paid_pence`,`lines`);--> statement-breakpoint
CREATE INDEX `invoices_who` ON `invoices` (`id`,`number`,`customer_id`);