CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`change` integer NOT NULL,
	`quantity_after` integer,
	`reason` text NOT NULL,
	`order_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stock_movements_product` ON `stock_movements` (`product_id`,`id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `stock_state` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `hold_expires_at` text;--> statement-breakpoint
ALTER TABLE `products` ADD `stock_quantity` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `low_stock_threshold` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `low_stock_alerted_at` text;--> statement-breakpoint
CREATE INDEX `products_category_brand` ON `products` (`category`,`brand`);--> statement-breakpoint
-- Stock never goes below zero: a statement that would take it there fails, and with it the whole
-- D1 batch (one transaction) it belongs to, so an order that lacks stock for any line writes nothing.
-- (A CHECK constraint would need the table rebuilt, and dropping products would cascade to carts.)
CREATE TRIGGER `products_stock_not_negative_insert` BEFORE INSERT ON `products`
WHEN NEW.`stock_quantity` < 0 BEGIN SELECT RAISE(ABORT, 'OUT_OF_STOCK: stock_quantity below zero'); END;--> statement-breakpoint
CREATE TRIGGER `products_stock_not_negative_update` BEFORE UPDATE OF `stock_quantity` ON `products`
WHEN NEW.`stock_quantity` < 0 BEGIN SELECT RAISE(ABORT, 'OUT_OF_STOCK: stock_quantity below zero'); END;--> statement-breakpoint
-- Text search over the catalogue (name, brand, description), kept in step with products by triggers.
CREATE VIRTUAL TABLE `products_search` USING fts5(name, brand, description, content='products', content_rowid='id', tokenize='unicode61 remove_diacritics 2');--> statement-breakpoint
INSERT INTO `products_search` (rowid, name, brand, description) SELECT id, name, brand, description FROM `products`;--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_search` (rowid, name, brand, description) VALUES (NEW.id, NEW.name, NEW.brand, NEW.description);
END;--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `products_search` (`products_search`, rowid, name, brand, description) VALUES ('delete', OLD.id, OLD.name, OLD.brand, OLD.description);
END;--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF name, brand, description ON `products` BEGIN
  INSERT INTO `products_search` (`products_search`, rowid, name, brand, description) VALUES ('delete', OLD.id, OLD.name, OLD.brand, OLD.description);
  INSERT INTO `products_search` (rowid, name, brand, description) VALUES (NEW.id, NEW.name, NEW.brand, NEW.description);
END;
