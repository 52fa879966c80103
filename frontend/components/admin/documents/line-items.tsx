import { Button, Flex } from "@radix-ui/themes";
import { PlusIcon } from "../icons";
import { CataloguePicker } from "./catalogue-picker";
import { LineEditor } from "./line-editor";
import { blankLine, type LineForm } from "./line-form";
import "./documents.css";

/**
 * A document's lines as the owner edits them (a quote's option, an invoice): each line, removable
 * while another is left, and one more added blank or picked from the catalogue.
 */
export function LineItems({
  lines,
  onChange,
  fieldId,
  error,
  vatRegistered,
  canBeOptional = true,
}: {
  lines: LineForm[];
  onChange: (lines: LineForm[]) => void;
  /** The id of a line's field (its problem is `<id>-error`). */
  fieldId: (line: number, field: string) => string;
  /** A line's field's problem, by the API's field name. */
  error: (line: number, field: string) => string | undefined;
  vatRegistered: boolean;
  /** A quote's line may be an optional extra; an invoice's may not. */
  canBeOptional?: boolean;
}) {
  return (
    <>
      <div className="doc-lines">
        {lines.map((line, j) => (
          <LineEditor
            key={line.id ?? `new-${j}`}
            id={(field) => fieldId(j, field)}
            line={line}
            error={(field) => error(j, field)}
            vatRegistered={vatRegistered}
            canBeOptional={canBeOptional}
            onChange={(changed) => onChange(lines.map((l, k) => (k === j ? changed : l)))}
            onRemove={lines.length > 1 ? () => onChange(lines.filter((_, k) => k !== j)) : undefined}
          />
        ))}
      </div>
      <Flex gap="2" wrap="wrap" mt="3">
        <Button type="button" variant="soft" onClick={() => onChange([...lines, blankLine()])}>
          <PlusIcon /> Add a line
        </Button>
        <CataloguePicker onPick={(picked) => onChange([...lines.filter((l) => l.description || l.unitPrice), picked])} />
      </Flex>
    </>
  );
}
