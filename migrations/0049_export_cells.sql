-- Issue 45: the accountant's invoices export for a tax year (worker/services/invoices/exports.ts)
-- spent a third of its time working out 27,000 lines' cells from each document's lines as JSON, and
-- as much again on D1 handing those lines over. A document's lines and VAT never change once it is
-- issued, so their cells are kept written on it, by the database at every write of its lines (the
-- Worker, the seeds, a restore, Xero), as the job's facts are (0035): a JSON array of the document's
-- cells (net, VAT at 20 %, 5 % and 0 %, gross, signed) then each line's, from its description to
-- "GBP", a credit note's quantities and VAT negative. Written as the export wrote them: an
-- amount's pence half-up per line (the rule of schema/money.ts), pounds to the penny, a quantity as
-- JavaScript writes a number of two decimals, a description as worker/lib/csv.ts escapes a cell;
-- test/exports-same-bytes.test.ts holds the file to the bytes of writing every cell afresh. What
-- changes after issue (the customer, void, paid, outstanding) the export still reads as it is.
ALTER TABLE `invoices` ADD `export_cells` text;--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `export_cells` text;--> statement-breakpoint
UPDATE `invoices` SET `export_cells` = (SELECT '[' || json_quote(
      CASE WHEN coalesce(sum(net), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(net), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(net), 0)) % 100), -2) || ',' ||
      CASE WHEN coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) % 100), -2) || ',' ||
      CASE WHEN coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) % 100), -2) || ',0.00,' ||
      CASE WHEN coalesce(sum(net + vat), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(net + vat), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(net + vat), 0)) % 100), -2)
    ) || coalesce(',' || group_concat(json_quote(
      CASE WHEN d IS NULL THEN '' WHEN substr(ltrim(d, ''''), 1, 1) IN ('=', '+', '-', '@', char(9), char(13), char(10)) THEN '"''' || replace(d, '"', '""') || '"' WHEN instr(d, '"') OR instr(d, ',') OR instr(d, char(13)) OR instr(d, char(10)) OR instr(d, char(65279)) OR substr(d, 1, 1) = ' ' OR substr(d, -1) = ' ' THEN '"' || replace(d, '"', '""') || '"' ELSE d END || ',' || (q / 100) || CASE WHEN q % 100 = 0 THEN '' WHEN q % 10 = 0 THEN '.' || (q % 100 / 10) ELSE '.' || printf('%02d', q % 100) END || ',' || CASE WHEN u < 0 THEN '-' ELSE '' END || (abs(u) / 100) || '.' || substr('0' || (abs(u) % 100), -2) || ',200,' || CASE WHEN NOT `invoices`.`vat_registered` THEN 'No VAT' WHEN r = 20 THEN '20% (VAT on Income)' WHEN r = 5 THEN '5% (VAT on Income)' ELSE 'Zero Rated Income' END || ',' || CASE WHEN vat < 0 THEN '-' ELSE '' END || (abs(vat) / 100) || '.' || substr('0' || (abs(vat) % 100), -2) || ',GBP'
    ), ',' ORDER BY k), '') || ']'
    FROM (SELECT *, (net * rate + 50) / 100 AS vat FROM (SELECT *, (q * u + 50) / 100 AS net, CASE WHEN `invoices`.`vat_registered` THEN r ELSE 0 END AS rate
      FROM (SELECT key AS k, value ->> 'description' AS d, CAST(round((value ->> 'quantity') * 100) AS INTEGER) AS q,
        value ->> 'unitPence' AS u, value ->> 'vatRate' AS r FROM json_each(`invoices`.`lines`)))));--> statement-breakpoint
UPDATE `credit_notes` SET `export_cells` = (SELECT '[' || json_quote(
      CASE WHEN -(coalesce(sum(net), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(net), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(net), 0))) % 100), -2) || ',' ||
      CASE WHEN -(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0))) % 100), -2) || ',' ||
      CASE WHEN -(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0))) % 100), -2) || ',0.00,' ||
      CASE WHEN -(coalesce(sum(net + vat), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(net + vat), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(net + vat), 0))) % 100), -2)
    ) || coalesce(',' || group_concat(json_quote(
      CASE WHEN d IS NULL THEN '' WHEN substr(ltrim(d, ''''), 1, 1) IN ('=', '+', '-', '@', char(9), char(13), char(10)) THEN '"''' || replace(d, '"', '""') || '"' WHEN instr(d, '"') OR instr(d, ',') OR instr(d, char(13)) OR instr(d, char(10)) OR instr(d, char(65279)) OR substr(d, 1, 1) = ' ' OR substr(d, -1) = ' ' THEN '"' || replace(d, '"', '""') || '"' ELSE d END || ',' || '-' || (q / 100) || CASE WHEN q % 100 = 0 THEN '' WHEN q % 10 = 0 THEN '.' || (q % 100 / 10) ELSE '.' || printf('%02d', q % 100) END || ',' || CASE WHEN u < 0 THEN '-' ELSE '' END || (abs(u) / 100) || '.' || substr('0' || (abs(u) % 100), -2) || ',200,' || CASE WHEN NOT (SELECT `i`.`vat_registered` FROM `invoices` `i` WHERE `i`.`id` = `credit_notes`.`invoice_id`) THEN 'No VAT' WHEN r = 20 THEN '20% (VAT on Income)' WHEN r = 5 THEN '5% (VAT on Income)' ELSE 'Zero Rated Income' END || ',' || CASE WHEN -(vat) < 0 THEN '-' ELSE '' END || (abs(-(vat)) / 100) || '.' || substr('0' || (abs(-(vat)) % 100), -2) || ',GBP'
    ), ',' ORDER BY k), '') || ']'
    FROM (SELECT *, (net * rate + 50) / 100 AS vat FROM (SELECT *, (q * u + 50) / 100 AS net, CASE WHEN (SELECT `i`.`vat_registered` FROM `invoices` `i` WHERE `i`.`id` = `credit_notes`.`invoice_id`) THEN r ELSE 0 END AS rate
      FROM (SELECT key AS k, value ->> 'description' AS d, CAST(round((value ->> 'quantity') * 100) AS INTEGER) AS q,
        value ->> 'unitPence' AS u, value ->> 'vatRate' AS r FROM json_each(`credit_notes`.`lines`)))));--> statement-breakpoint
CREATE TRIGGER `invoices_export_cells_insert` AFTER INSERT ON `invoices` BEGIN
  UPDATE `invoices` SET `export_cells` = (SELECT '[' || json_quote(
      CASE WHEN coalesce(sum(net), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(net), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(net), 0)) % 100), -2) || ',' ||
      CASE WHEN coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) % 100), -2) || ',' ||
      CASE WHEN coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) % 100), -2) || ',0.00,' ||
      CASE WHEN coalesce(sum(net + vat), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(net + vat), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(net + vat), 0)) % 100), -2)
    ) || coalesce(',' || group_concat(json_quote(
      CASE WHEN d IS NULL THEN '' WHEN substr(ltrim(d, ''''), 1, 1) IN ('=', '+', '-', '@', char(9), char(13), char(10)) THEN '"''' || replace(d, '"', '""') || '"' WHEN instr(d, '"') OR instr(d, ',') OR instr(d, char(13)) OR instr(d, char(10)) OR instr(d, char(65279)) OR substr(d, 1, 1) = ' ' OR substr(d, -1) = ' ' THEN '"' || replace(d, '"', '""') || '"' ELSE d END || ',' || (q / 100) || CASE WHEN q % 100 = 0 THEN '' WHEN q % 10 = 0 THEN '.' || (q % 100 / 10) ELSE '.' || printf('%02d', q % 100) END || ',' || CASE WHEN u < 0 THEN '-' ELSE '' END || (abs(u) / 100) || '.' || substr('0' || (abs(u) % 100), -2) || ',200,' || CASE WHEN NOT NEW.`vat_registered` THEN 'No VAT' WHEN r = 20 THEN '20% (VAT on Income)' WHEN r = 5 THEN '5% (VAT on Income)' ELSE 'Zero Rated Income' END || ',' || CASE WHEN vat < 0 THEN '-' ELSE '' END || (abs(vat) / 100) || '.' || substr('0' || (abs(vat) % 100), -2) || ',GBP'
    ), ',' ORDER BY k), '') || ']'
    FROM (SELECT *, (net * rate + 50) / 100 AS vat FROM (SELECT *, (q * u + 50) / 100 AS net, CASE WHEN NEW.`vat_registered` THEN r ELSE 0 END AS rate
      FROM (SELECT key AS k, value ->> 'description' AS d, CAST(round((value ->> 'quantity') * 100) AS INTEGER) AS q,
        value ->> 'unitPence' AS u, value ->> 'vatRate' AS r FROM json_each(NEW.`lines`)))))
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `invoices_export_cells_update` AFTER UPDATE OF `lines`, `vat_registered` ON `invoices` BEGIN
  UPDATE `invoices` SET `export_cells` = (SELECT '[' || json_quote(
      CASE WHEN coalesce(sum(net), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(net), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(net), 0)) % 100), -2) || ',' ||
      CASE WHEN coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) % 100), -2) || ',' ||
      CASE WHEN coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) % 100), -2) || ',0.00,' ||
      CASE WHEN coalesce(sum(net + vat), 0) < 0 THEN '-' ELSE '' END || (abs(coalesce(sum(net + vat), 0)) / 100) || '.' || substr('0' || (abs(coalesce(sum(net + vat), 0)) % 100), -2)
    ) || coalesce(',' || group_concat(json_quote(
      CASE WHEN d IS NULL THEN '' WHEN substr(ltrim(d, ''''), 1, 1) IN ('=', '+', '-', '@', char(9), char(13), char(10)) THEN '"''' || replace(d, '"', '""') || '"' WHEN instr(d, '"') OR instr(d, ',') OR instr(d, char(13)) OR instr(d, char(10)) OR instr(d, char(65279)) OR substr(d, 1, 1) = ' ' OR substr(d, -1) = ' ' THEN '"' || replace(d, '"', '""') || '"' ELSE d END || ',' || (q / 100) || CASE WHEN q % 100 = 0 THEN '' WHEN q % 10 = 0 THEN '.' || (q % 100 / 10) ELSE '.' || printf('%02d', q % 100) END || ',' || CASE WHEN u < 0 THEN '-' ELSE '' END || (abs(u) / 100) || '.' || substr('0' || (abs(u) % 100), -2) || ',200,' || CASE WHEN NOT NEW.`vat_registered` THEN 'No VAT' WHEN r = 20 THEN '20% (VAT on Income)' WHEN r = 5 THEN '5% (VAT on Income)' ELSE 'Zero Rated Income' END || ',' || CASE WHEN vat < 0 THEN '-' ELSE '' END || (abs(vat) / 100) || '.' || substr('0' || (abs(vat) % 100), -2) || ',GBP'
    ), ',' ORDER BY k), '') || ']'
    FROM (SELECT *, (net * rate + 50) / 100 AS vat FROM (SELECT *, (q * u + 50) / 100 AS net, CASE WHEN NEW.`vat_registered` THEN r ELSE 0 END AS rate
      FROM (SELECT key AS k, value ->> 'description' AS d, CAST(round((value ->> 'quantity') * 100) AS INTEGER) AS q,
        value ->> 'unitPence' AS u, value ->> 'vatRate' AS r FROM json_each(NEW.`lines`)))))
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `credit_notes_export_cells_insert` AFTER INSERT ON `credit_notes` BEGIN
  UPDATE `credit_notes` SET `export_cells` = (SELECT '[' || json_quote(
      CASE WHEN -(coalesce(sum(net), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(net), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(net), 0))) % 100), -2) || ',' ||
      CASE WHEN -(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0))) % 100), -2) || ',' ||
      CASE WHEN -(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0))) % 100), -2) || ',0.00,' ||
      CASE WHEN -(coalesce(sum(net + vat), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(net + vat), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(net + vat), 0))) % 100), -2)
    ) || coalesce(',' || group_concat(json_quote(
      CASE WHEN d IS NULL THEN '' WHEN substr(ltrim(d, ''''), 1, 1) IN ('=', '+', '-', '@', char(9), char(13), char(10)) THEN '"''' || replace(d, '"', '""') || '"' WHEN instr(d, '"') OR instr(d, ',') OR instr(d, char(13)) OR instr(d, char(10)) OR instr(d, char(65279)) OR substr(d, 1, 1) = ' ' OR substr(d, -1) = ' ' THEN '"' || replace(d, '"', '""') || '"' ELSE d END || ',' || '-' || (q / 100) || CASE WHEN q % 100 = 0 THEN '' WHEN q % 10 = 0 THEN '.' || (q % 100 / 10) ELSE '.' || printf('%02d', q % 100) END || ',' || CASE WHEN u < 0 THEN '-' ELSE '' END || (abs(u) / 100) || '.' || substr('0' || (abs(u) % 100), -2) || ',200,' || CASE WHEN NOT (SELECT `i`.`vat_registered` FROM `invoices` `i` WHERE `i`.`id` = NEW.`invoice_id`) THEN 'No VAT' WHEN r = 20 THEN '20% (VAT on Income)' WHEN r = 5 THEN '5% (VAT on Income)' ELSE 'Zero Rated Income' END || ',' || CASE WHEN -(vat) < 0 THEN '-' ELSE '' END || (abs(-(vat)) / 100) || '.' || substr('0' || (abs(-(vat)) % 100), -2) || ',GBP'
    ), ',' ORDER BY k), '') || ']'
    FROM (SELECT *, (net * rate + 50) / 100 AS vat FROM (SELECT *, (q * u + 50) / 100 AS net, CASE WHEN (SELECT `i`.`vat_registered` FROM `invoices` `i` WHERE `i`.`id` = NEW.`invoice_id`) THEN r ELSE 0 END AS rate
      FROM (SELECT key AS k, value ->> 'description' AS d, CAST(round((value ->> 'quantity') * 100) AS INTEGER) AS q,
        value ->> 'unitPence' AS u, value ->> 'vatRate' AS r FROM json_each(NEW.`lines`)))))
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `credit_notes_export_cells_update` AFTER UPDATE OF `lines`, `invoice_id` ON `credit_notes` BEGIN
  UPDATE `credit_notes` SET `export_cells` = (SELECT '[' || json_quote(
      CASE WHEN -(coalesce(sum(net), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(net), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(net), 0))) % 100), -2) || ',' ||
      CASE WHEN -(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(CASE WHEN rate = 20 THEN vat END), 0))) % 100), -2) || ',' ||
      CASE WHEN -(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(CASE WHEN rate = 5 THEN vat END), 0))) % 100), -2) || ',0.00,' ||
      CASE WHEN -(coalesce(sum(net + vat), 0)) < 0 THEN '-' ELSE '' END || (abs(-(coalesce(sum(net + vat), 0))) / 100) || '.' || substr('0' || (abs(-(coalesce(sum(net + vat), 0))) % 100), -2)
    ) || coalesce(',' || group_concat(json_quote(
      CASE WHEN d IS NULL THEN '' WHEN substr(ltrim(d, ''''), 1, 1) IN ('=', '+', '-', '@', char(9), char(13), char(10)) THEN '"''' || replace(d, '"', '""') || '"' WHEN instr(d, '"') OR instr(d, ',') OR instr(d, char(13)) OR instr(d, char(10)) OR instr(d, char(65279)) OR substr(d, 1, 1) = ' ' OR substr(d, -1) = ' ' THEN '"' || replace(d, '"', '""') || '"' ELSE d END || ',' || '-' || (q / 100) || CASE WHEN q % 100 = 0 THEN '' WHEN q % 10 = 0 THEN '.' || (q % 100 / 10) ELSE '.' || printf('%02d', q % 100) END || ',' || CASE WHEN u < 0 THEN '-' ELSE '' END || (abs(u) / 100) || '.' || substr('0' || (abs(u) % 100), -2) || ',200,' || CASE WHEN NOT (SELECT `i`.`vat_registered` FROM `invoices` `i` WHERE `i`.`id` = NEW.`invoice_id`) THEN 'No VAT' WHEN r = 20 THEN '20% (VAT on Income)' WHEN r = 5 THEN '5% (VAT on Income)' ELSE 'Zero Rated Income' END || ',' || CASE WHEN -(vat) < 0 THEN '-' ELSE '' END || (abs(-(vat)) / 100) || '.' || substr('0' || (abs(-(vat)) % 100), -2) || ',GBP'
    ), ',' ORDER BY k), '') || ']'
    FROM (SELECT *, (net * rate + 50) / 100 AS vat FROM (SELECT *, (q * u + 50) / 100 AS net, CASE WHEN (SELECT `i`.`vat_registered` FROM `invoices` `i` WHERE `i`.`id` = NEW.`invoice_id`) THEN r ELSE 0 END AS rate
      FROM (SELECT key AS k, value ->> 'description' AS d, CAST(round((value ->> 'quantity') * 100) AS INTEGER) AS q,
        value ->> 'unitPence' AS u, value ->> 'vatRate' AS r FROM json_each(NEW.`lines`)))))
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
-- The export reads the cells in place of the lines and the VAT registration.
DROP INDEX `invoices_export`;--> statement-breakpoint
CREATE INDEX `invoices_export` ON `invoices` (`issue_date`,`status`,`number`,`customer_id`,`due_date`,`gross_pence`,`deposit_pence`,`credited_pence`,`paid_pence`,`export_cells`);
