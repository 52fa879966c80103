ALTER TABLE `customers` ADD `check_reason` text;--> statement-breakpoint
ALTER TABLE `admin_sign_ins` ADD `new_device` integer DEFAULT false NOT NULL;