import { Button, Callout, Dialog, Flex, Text } from "@radix-ui/themes";
import { useRef, useState } from "react";
import type { ProductImportResult } from "../../../../schema/api/catalogue";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { UploadIcon } from "../icons";
import "./products.css";

/** The import endpoint's own limit; a bigger file is refused before it is sent. */
const MAX_CSV_BYTES = 2 * 1024 * 1024;
/** Row problems listed at most; the count says how many more there are. */
const ERRORS_SHOWN = 100;

type Preview = { fileName: string; csv: string; result: ProductImportResult };
type Props = {
  importCsv: (csv: string, dryRun: boolean) => Promise<ProductImportResult>;
  onApplied: () => unknown;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function ImportSummary({ result }: { result: ProductImportResult }) {
  return (
    <dl className="admin-import-summary">
      <div>
        <dt>New</dt>
        <dd>{result.created}</dd>
      </div>
      <div>
        <dt>Updated</dt>
        <dd>{result.updated}</dd>
      </div>
      <div>
        <dt>Unchanged</dt>
        <dd>{result.unchanged}</dd>
      </div>
    </dl>
  );
}

/** Every change the import makes, product by product and field by field (old → new), and what it adds. */
function ImportChanges({ result }: { result: ProductImportResult }) {
  const shown = result.changes.length + result.additions.length;
  const total = result.updated + result.created;
  return (
    <div className="admin-import-changes">
      {result.changes.length > 0 ? (
        <table className="admin-lines admin-import-table">
          <caption>What changes</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Product</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {result.changes.map((c) => (
              <tr key={c.row}>
                <td>{c.row}</td>
                <td className="admin-wrap-anywhere">{c.name}</td>
                <td>
                  <ul className="admin-import-fields">
                    {c.fields.map((f) => (
                      <li key={f.column}>
                        {f.column}: <s>{f.from || "(empty)"}</s> → <strong>{f.to || "(empty)"}</strong>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result.additions.length > 0 ? (
        <table className="admin-lines admin-import-table">
          <caption>New products</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {result.additions.map((a) => (
              <tr key={a.row}>
                <td>{a.row}</td>
                <td className="admin-wrap-anywhere">{a.name}</td>
                <td>£{a.price}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {shown < total ? (
        <Text as="p" size="2" color="gray">
          …and {plural(total - shown, "more product")}.
        </Text>
      ) : null}
    </div>
  );
}

function ImportErrors({ errors }: { errors: ProductImportResult["errors"] }) {
  return (
    <div className="admin-import-errors">
      <table className="admin-lines admin-import-table">
        <caption className="admin-visually-hidden">Problems in the file, by row</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, ERRORS_SHOWN).map((e, i) => (
            // A row can have several problems in one column, so the position is part of the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <tr key={`${e.row}-${e.column}-${i}`}>
              <td>{e.row}</td>
              <td>{e.column || "–"}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > ERRORS_SHOWN ? (
        <Text as="p" size="2" color="gray" mt="2">
          and {plural(errors.length - ERRORS_SHOWN, "more problem")}.
        </Text>
      ) : null}
    </div>
  );
}

/**
 * Import from CSV (the export's columns): the file is checked first without changing anything (a
 * dry run), the preview says what would be created and updated and lists each bad row, and only
 * Confirm import applies it, all or nothing.
 */
export function ProductImport({ importCsv, onApplied }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);
  const [applying, setApplying] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);

  function failed(e: unknown) {
    if (!isUnauthorized(e)) {
      notify({
        title: "Import failed",
        description: errorMessage(e, "The file could not be read. Please try again."),
        variant: "destructive",
      });
    }
  }

  async function choose(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    if (!/\.csv$/i.test(file.name) && !file.type.includes("csv")) {
      notify({
        title: "Invalid file type",
        description: "Please choose a .csv file, such as one exported here.",
        variant: "destructive",
      });
      return;
    }
    if (file.size > MAX_CSV_BYTES) {
      notify({
        title: "File too large",
        description: "The CSV can be 2 MB at most. Split it into smaller files.",
        variant: "destructive",
      });
      return;
    }
    setChecking(true);
    try {
      const csv = await file.text();
      setPreview({ fileName: file.name, csv, result: await importCsv(csv, true) });
    } catch (e) {
      failed(e);
    } finally {
      setChecking(false);
    }
  }

  async function confirm() {
    if (!preview) return;
    setApplying(true);
    try {
      const result = await importCsv(preview.csv, false);
      if (result.applied) {
        setPreview(null);
        notify({
          title: "Import complete",
          description: `${result.created} new, ${result.updated} updated, ${result.unchanged} unchanged.`,
          variant: "success",
        });
        await onApplied();
      } else {
        // The catalogue changed since the check (a product deleted meanwhile): show what is wrong now.
        setPreview({ ...preview, result });
        notify({
          title: "Nothing imported",
          description: "The file needs fixing first; see the problems listed.",
          variant: "destructive",
        });
      }
    } catch (e) {
      failed(e);
    } finally {
      setApplying(false);
    }
  }

  const result = preview?.result;
  const changes = result ? result.created + result.updated : 0;
  const hasErrors = (result?.errors.length ?? 0) > 0;

  return (
    <>
      <input
        ref={fileInput}
        id="product-import-file"
        type="file"
        accept=".csv,text/csv"
        className="admin-visually-hidden"
        tabIndex={-1}
        aria-label="CSV file to import"
        disabled={checking}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <Button variant="soft" color="gray" loading={checking} onClick={() => fileInput.current?.click()}>
        <UploadIcon /> Import CSV
      </Button>
      <Dialog.Root open={preview !== null} onOpenChange={(open) => (open || applying ? undefined : setPreview(null))}>
        {preview && result ? (
          <Dialog.Content maxWidth="720px" aria-describedby="import-preview-file">
            <Dialog.Title size="5">Import preview</Dialog.Title>
            <Text as="p" size="2" color="gray" id="import-preview-file" className="admin-wrap-anywhere">
              {preview.fileName}: nothing has been changed yet.
            </Text>
            <ImportSummary result={result} />
            {hasErrors ? (
              <>
                <Callout.Root color="red" role="alert" size="1" mb="3">
                  <Callout.Text>
                    {plural(result.errors.length, "problem")} in the file. Nothing will be imported until{" "}
                    {result.errors.length === 1 ? "it is" : "they are"} fixed; correct the file and choose it again.
                  </Callout.Text>
                </Callout.Root>
                <ImportErrors errors={result.errors} />
              </>
            ) : changes === 0 ? (
              <Callout.Root color="gray" size="1">
                <Callout.Text>Every row matches the catalogue: there is nothing to import.</Callout.Text>
              </Callout.Root>
            ) : (
              <>
                <ImportChanges result={result} />
                <Callout.Root color="blue" size="1">
                  <Callout.Text>
                    Confirm to add {plural(result.created, "new product")} and update {plural(result.updated, "product")}. It is
                    all or nothing: either every row is applied or none.
                  </Callout.Text>
                </Callout.Root>
              </>
            )}
            <Flex gap="3" mt="5" justify="end" wrap="wrap">
              <Dialog.Close>
                <Button variant="soft" color="gray" disabled={applying}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button onClick={confirm} disabled={hasErrors || changes === 0 || applying} loading={applying}>
                Confirm import
              </Button>
            </Flex>
          </Dialog.Content>
        ) : null}
      </Dialog.Root>
    </>
  );
}
