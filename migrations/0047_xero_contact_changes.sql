-- Issue 48: a customer's name or e-mail changed after their Xero contact exists is sent to Xero as a
-- contact update, once per change. Each change is a row here, written by the trigger below whatever
-- made it (the back office, the customer on their account, a merge, an erasure blanking the e-mail),
-- and only while a Xero link exists; worker/services/xero/contact-changes.ts records a xero_sync row
-- per change (kind contact_update) and queues it.
CREATE TABLE `xero_contact_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `customers_xero_contact_change` AFTER UPDATE OF `first_name`, `last_name`, `email` ON `customers`
WHEN (`old`.`first_name` IS NOT `new`.`first_name` OR `old`.`last_name` IS NOT `new`.`last_name` OR `old`.`email` IS NOT `new`.`email`)
  AND EXISTS (SELECT 1 FROM `xero_connection`)
BEGIN
  INSERT INTO `xero_contact_changes` (`customer_id`) VALUES (`new`.`id`);
END;
