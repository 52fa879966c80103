ALTER TABLE `customers` ADD `check_reason` text;--> statement-breakpoint
ALTER TABLE `admin_accounts` ADD `password_hash` text;--> statement-breakpoint
ALTER TABLE `admin_accounts` ADD `password_changed_at` text;--> statement-breakpoint
ALTER TABLE `admin_devices` ADD `second_factor_until` text;--> statement-breakpoint
ALTER TABLE `admin_sign_ins` ADD `new_device` integer DEFAULT false NOT NULL;