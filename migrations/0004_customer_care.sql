CREATE TABLE `service_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_record_id` integer NOT NULL,
	`customer_id` integer,
	`kind` text NOT NULL,
	`due_date` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text,
	`email_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`service_record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_reminders_cycle` ON `service_reminders` (`service_record_id`,`kind`,`due_date`);--> statement-breakpoint
CREATE INDEX `service_reminders_created_at` ON `service_reminders` (`created_at`);--> statement-breakpoint
ALTER TABLE `customers` ADD `reminders_opted_out_at` text;--> statement-breakpoint
ALTER TABLE `quotes` ADD `chat_session_id` text;--> statement-breakpoint
CREATE INDEX `quotes_chat_session` ON `quotes` (`chat_session_id`);--> statement-breakpoint
-- The chat transcripts screen searches what was said: a trigram index of every message (messages are never edited).
CREATE VIRTUAL TABLE `chat_messages_search` USING fts5(message, tokenize='trigram');--> statement-breakpoint
INSERT INTO `chat_messages_search` (rowid, message) SELECT id, message FROM `chat_messages`;--> statement-breakpoint
CREATE TRIGGER `chat_messages_search_insert` AFTER INSERT ON `chat_messages` BEGIN
  INSERT INTO `chat_messages_search` (rowid, message) VALUES (NEW.id, NEW.message);
END;--> statement-breakpoint
CREATE TRIGGER `chat_messages_search_delete` AFTER DELETE ON `chat_messages` BEGIN
  DELETE FROM `chat_messages_search` WHERE rowid = OLD.id;
END;
