-- The gas safety records list (issue 45; test/list-plans.test.ts plans each of its reads). Every
-- record newest check first and the drafts the same way are each a walk of one index, so a page at
-- ten years' 12,000 records stops at its LIMIT. The Due tab needs no index of its own: it reads each
-- property's latest issued record by the (property, check date) index, as the gas-due report does.
-- A search by a postcode's start is a range of the properties' postcode index (stored upper case
-- with one space), and the records then come by their property index.
CREATE INDEX `gas_safety_records_check` ON `gas_safety_records` (`check_date`,`id`);--> statement-breakpoint
CREATE INDEX `gas_safety_records_status_check` ON `gas_safety_records` (`status`,`check_date`,`id`);--> statement-breakpoint
CREATE INDEX `properties_postcode` ON `properties` (`postcode`);