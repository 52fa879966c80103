-- The link to the owner's Xero organisation (issue 48; schema/db/xero.ts): the one connection with
-- its tokens sealed under the Worker's secret, the consents under way (their CSRF state), and one
-- row per document sent to each organisation, so a document is written to Xero exactly once.
CREATE TABLE `xero_connection` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`status` text NOT NULL,
	`tenant_id` text,
	`tenant_name` text,
	`connection_id` text,
	`organisations` text,
	`access_token` text NOT NULL,
	`refresh_token` text NOT NULL,
	`expires_at` text NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`mapping` text,
	`last_sync_at` text,
	`last_error` text,
	`connected_at` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `xero_auth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`admin_user_id` integer NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `xero_sync` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` text NOT NULL,
	`kind` text NOT NULL,
	`document_id` integer NOT NULL,
	`xero_id` text,
	`state` text DEFAULT 'waiting' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`idempotency_key` text NOT NULL,
	`claimed_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `xero_sync_document` ON `xero_sync` (`tenant_id`,`kind`,`document_id`);--> statement-breakpoint
CREATE INDEX `xero_sync_state` ON `xero_sync` (`state`,`updated_at`);
