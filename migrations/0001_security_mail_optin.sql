CREATE TABLE `outgoing_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`headers` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`provider_message_id` text,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outgoing_emails_status` ON `outgoing_emails` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `admin_accounts` (
	`username` text PRIMARY KEY NOT NULL,
	`totp_secret` text,
	`totp_enabled_at` text,
	`totp_pending_secret` text,
	`totp_last_step` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `admin_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`last_used_at` text NOT NULL,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `admin_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_recovery_codes_hash` ON `admin_recovery_codes` (`username`,`code_hash`);--> statement-breakpoint
CREATE TABLE `admin_sign_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`address` text NOT NULL,
	`user_agent` text,
	`outcome` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_sign_ins_created_at` ON `admin_sign_ins` (`created_at`);--> statement-breakpoint
ALTER TABLE `email_subscribers` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_subscribers` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `email_subscribers` ADD `confirmation_requested_at` text;--> statement-breakpoint
CREATE INDEX `email_subscribers_status` ON `email_subscribers` (`status`,`signed_up_at`);--> statement-breakpoint
-- Confirmed opt-in replaces the active flag: addresses on the list stay active (they signed up
-- before confirmation links existed, so confirmed_at stays empty), the others are unsubscribed.
UPDATE `email_subscribers` SET `status` = CASE WHEN `is_active` = 1 THEN 'active' ELSE 'unsubscribed' END;--> statement-breakpoint
ALTER TABLE `email_subscribers` DROP COLUMN `is_active`;