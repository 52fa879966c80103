CREATE TABLE `account_erasure_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`reason` text,
	`requested_at` text NOT NULL,
	`settled_at` text,
	`outcome` text
);
--> statement-breakpoint
CREATE INDEX `account_erasure_requests_status` ON `account_erasure_requests` (`status`,`requested_at`);--> statement-breakpoint
CREATE TABLE `account_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_sessions_email` ON `account_sessions` (`email`);--> statement-breakpoint
CREATE INDEX `account_sessions_expires` ON `account_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `account_sign_in_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_sign_in_links_expires` ON `account_sign_in_links` (`expires_at`);