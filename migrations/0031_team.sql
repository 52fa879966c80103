-- A team (issue 46): the back office's people and their roles (schema/db/team.ts). User 1 is the
-- owner, who until now was the only sign-in: nothing changes for a business of one. Its username
-- follows the Worker's ADMIN_USERNAME (put right at the owner's sign-in when the secret differs), and
-- the owner does every kind of work the firm sells until someone else is taken on.
CREATE TABLE `admin_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`role` text NOT NULL,
	`gas_safe_licence` text,
	`qualifications` text DEFAULT '[]' NOT NULL,
	`sees_prices` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`invite_hash` text,
	`invite_expires_at` text,
	`suspended_at` text,
	`removed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_users_username` ON `admin_users` (`username`);--> statement-breakpoint
CREATE INDEX `admin_users_status` ON `admin_users` (`status`,`name`);--> statement-breakpoint
INSERT INTO `admin_users` (`id`, `username`, `name`, `role`, `qualifications`, `sees_prices`, `status`)
VALUES (1, 'admin', 'Owner', 'owner', '["gas-domestic","unvented","plumbing","oil"]', 1, 'active');