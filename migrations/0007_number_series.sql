CREATE TABLE `number_series` (
	`series` text PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
