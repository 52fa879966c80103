-- Parts at cost (issue 45's margin report): a product's cost price (pence before VAT, null until the
-- owner gives one), and the unit cost each ledger movement carried when it happened, so a later
-- change of cost leaves a past job's margin as it was.
ALTER TABLE `products` ADD `cost_pence` integer;--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `unit_cost_pence` integer;
