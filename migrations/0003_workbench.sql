ALTER TABLE `customers` ADD `address` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `postcode` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `is_landlord` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `customers_email` ON `customers` (`email`);--> statement-breakpoint
CREATE INDEX `customers_name` ON `customers` (`last_name`,`first_name`);--> statement-breakpoint
ALTER TABLE `quotes` ADD `notes` text;--> statement-breakpoint
CREATE INDEX `quotes_email` ON `quotes` (`email`);--> statement-breakpoint
ALTER TABLE `service_records` ADD `quote_id` integer REFERENCES quotes(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `service_records_customer` ON `service_records` (`customer_id`,`service_date`);--> statement-breakpoint
CREATE INDEX `service_records_status` ON `service_records` (`status`,`service_date`);--> statement-breakpoint
ALTER TABLE `orders` ADD `number` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `courier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number` ON `orders` (`number`);--> statement-breakpoint
CREATE INDEX `orders_fulfilment` ON `orders` (`fulfilment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_customer_email` ON `orders` (`customer_email`);--> statement-breakpoint
-- Orders placed before numbers existed get theirs in the order they were placed.
UPDATE `orders` SET `number` = 10000 + (
  SELECT COUNT(*) FROM `orders` AS `o2`
  WHERE `o2`.`created_at` < `orders`.`created_at` OR (`o2`.`created_at` = `orders`.`created_at` AND `o2`.`id` <= `orders`.`id`)
);--> statement-breakpoint
-- Search for the back office's lists: trigram FTS5 tables (any 3+ characters of a name, e-mail,
-- phone number or postcode find the row, from an index), one row per record under its id, kept in
-- step by triggers. Phone numbers are also stored as bare digits, so "496 0123" and "4960123" match.
CREATE VIRTUAL TABLE `customers_search` USING fts5(name, email, phone, postcode, tokenize='trigram');--> statement-breakpoint
INSERT INTO `customers_search` (rowid, name, email, phone, postcode)
  SELECT id, first_name || ' ' || last_name, email, COALESCE(phone, '') || ' ' || replace(replace(replace(COALESCE(phone, ''), ' ', ''), '-', ''), '+', ''), COALESCE(postcode, '') || ' ' || replace(COALESCE(postcode, ''), ' ', '')
  FROM `customers`;--> statement-breakpoint
CREATE TRIGGER `customers_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customers_search` (rowid, name, email, phone, postcode) VALUES (NEW.id, NEW.first_name || ' ' || NEW.last_name, NEW.email,
    COALESCE(NEW.phone, '') || ' ' || replace(replace(replace(COALESCE(NEW.phone, ''), ' ', ''), '-', ''), '+', ''),
    COALESCE(NEW.postcode, '') || ' ' || replace(COALESCE(NEW.postcode, ''), ' ', ''));
END;--> statement-breakpoint
CREATE TRIGGER `customers_search_update` AFTER UPDATE ON `customers` BEGIN
  DELETE FROM `customers_search` WHERE rowid = OLD.id;
  INSERT INTO `customers_search` (rowid, name, email, phone, postcode) VALUES (NEW.id, NEW.first_name || ' ' || NEW.last_name, NEW.email,
    COALESCE(NEW.phone, '') || ' ' || replace(replace(replace(COALESCE(NEW.phone, ''), ' ', ''), '-', ''), '+', ''),
    COALESCE(NEW.postcode, '') || ' ' || replace(COALESCE(NEW.postcode, ''), ' ', ''));
END;--> statement-breakpoint
CREATE TRIGGER `customers_search_delete` AFTER DELETE ON `customers` BEGIN
  DELETE FROM `customers_search` WHERE rowid = OLD.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `quotes_search` USING fts5(name, email, phone, postcode, tokenize='trigram');--> statement-breakpoint
INSERT INTO `quotes_search` (rowid, name, email, phone, postcode)
  SELECT id, name, email, phone || ' ' || replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), postcode || ' ' || replace(postcode, ' ', '') FROM `quotes`;--> statement-breakpoint
CREATE TRIGGER `quotes_search_insert` AFTER INSERT ON `quotes` BEGIN
  INSERT INTO `quotes_search` (rowid, name, email, phone, postcode) VALUES (NEW.id, NEW.name, NEW.email,
    NEW.phone || ' ' || replace(replace(replace(NEW.phone, ' ', ''), '-', ''), '+', ''), NEW.postcode || ' ' || replace(NEW.postcode, ' ', ''));
END;--> statement-breakpoint
CREATE TRIGGER `quotes_search_update` AFTER UPDATE OF name, email, phone, postcode ON `quotes` BEGIN
  DELETE FROM `quotes_search` WHERE rowid = OLD.id;
  INSERT INTO `quotes_search` (rowid, name, email, phone, postcode) VALUES (NEW.id, NEW.name, NEW.email,
    NEW.phone || ' ' || replace(replace(replace(NEW.phone, ' ', ''), '-', ''), '+', ''), NEW.postcode || ' ' || replace(NEW.postcode, ' ', ''));
END;--> statement-breakpoint
CREATE TRIGGER `quotes_search_delete` AFTER DELETE ON `quotes` BEGIN
  DELETE FROM `quotes_search` WHERE rowid = OLD.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `orders_search` USING fts5(order_id, number, name, email, phone, address, tokenize='trigram');--> statement-breakpoint
INSERT INTO `orders_search` (order_id, number, name, email, phone, address)
  SELECT id, 'NS-' || number, COALESCE(customer_name, ''), COALESCE(customer_email, ''),
    COALESCE(customer_phone, '') || ' ' || replace(replace(replace(COALESCE(customer_phone, ''), ' ', ''), '-', ''), '+', ''), COALESCE(shipping_address, '')
  FROM `orders`;--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_search` (order_id, number, name, email, phone, address) VALUES (NEW.id, 'NS-' || NEW.number, COALESCE(NEW.customer_name, ''),
    COALESCE(NEW.customer_email, ''), COALESCE(NEW.customer_phone, '') || ' ' || replace(replace(replace(COALESCE(NEW.customer_phone, ''), ' ', ''), '-', ''), '+', ''),
    COALESCE(NEW.shipping_address, ''));
END;--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF customer_name, customer_email, customer_phone, shipping_address, number ON `orders` BEGIN
  DELETE FROM `orders_search` WHERE order_id = OLD.id;
  INSERT INTO `orders_search` (order_id, number, name, email, phone, address) VALUES (NEW.id, 'NS-' || NEW.number, COALESCE(NEW.customer_name, ''),
    COALESCE(NEW.customer_email, ''), COALESCE(NEW.customer_phone, '') || ' ' || replace(replace(replace(COALESCE(NEW.customer_phone, ''), ' ', ''), '-', ''), '+', ''),
    COALESCE(NEW.shipping_address, ''));
END;--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders` BEGIN
  DELETE FROM `orders_search` WHERE order_id = OLD.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `subscribers_search` USING fts5(email, tokenize='trigram');--> statement-breakpoint
INSERT INTO `subscribers_search` (rowid, email) SELECT id, email FROM `email_subscribers`;--> statement-breakpoint
CREATE TRIGGER `subscribers_search_insert` AFTER INSERT ON `email_subscribers` BEGIN
  INSERT INTO `subscribers_search` (rowid, email) VALUES (NEW.id, NEW.email);
END;--> statement-breakpoint
CREATE TRIGGER `subscribers_search_delete` AFTER DELETE ON `email_subscribers` BEGIN
  DELETE FROM `subscribers_search` WHERE rowid = OLD.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `service_records_search` USING fts5(service_type, equipment, technician, description, tokenize='trigram');--> statement-breakpoint
INSERT INTO `service_records_search` (rowid, service_type, equipment, technician, description)
  SELECT id, service_type, COALESCE(equipment_type, '') || ' ' || COALESCE(equipment_model, ''), COALESCE(technician_name, ''), COALESCE(description, '')
  FROM `service_records`;--> statement-breakpoint
CREATE TRIGGER `service_records_search_insert` AFTER INSERT ON `service_records` BEGIN
  INSERT INTO `service_records_search` (rowid, service_type, equipment, technician, description) VALUES (NEW.id, NEW.service_type,
    COALESCE(NEW.equipment_type, '') || ' ' || COALESCE(NEW.equipment_model, ''), COALESCE(NEW.technician_name, ''), COALESCE(NEW.description, ''));
END;--> statement-breakpoint
CREATE TRIGGER `service_records_search_update` AFTER UPDATE OF service_type, equipment_type, equipment_model, technician_name, description ON `service_records` BEGIN
  DELETE FROM `service_records_search` WHERE rowid = OLD.id;
  INSERT INTO `service_records_search` (rowid, service_type, equipment, technician, description) VALUES (NEW.id, NEW.service_type,
    COALESCE(NEW.equipment_type, '') || ' ' || COALESCE(NEW.equipment_model, ''), COALESCE(NEW.technician_name, ''), COALESCE(NEW.description, ''));
END;--> statement-breakpoint
CREATE TRIGGER `service_records_search_delete` AFTER DELETE ON `service_records` BEGIN
  DELETE FROM `service_records_search` WHERE rowid = OLD.id;
END;
