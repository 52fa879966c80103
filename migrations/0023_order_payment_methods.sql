-- One vocabulary for how money is paid (schema/api/invoices.ts PAYMENT_METHODS): the orders marked
-- paid by hand said it in their own words.
UPDATE `orders` SET `paid_by` = 'bank' WHERE `paid_by` = 'bank transfer';--> statement-breakpoint
UPDATE `orders` SET `paid_by` = 'card' WHERE `paid_by` = 'card on delivery';
