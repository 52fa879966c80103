import { useParams } from "wouter";
import type { AdminServiceSheet } from "../../../schema/api/service-sheets";
import { LoadedDocument } from "../../components/admin/documents/loaded-document";
import { DraftSheet } from "../../components/admin/gas-safety/draft-sheet";
import { IssuedSheet } from "../../components/admin/gas-safety/issued-sheet";

/** The annual service's sheet: the form while a draft, the issued sheet with its PDF after. */
export default function ServiceSheetPage() {
  const id = Number(useParams<{ id: string }>().id);
  return (
    <LoadedDocument<AdminServiceSheet>
      key={id}
      path={`/api/admin/service-sheets/${id}`}
      noun="service sheet"
      failed="Failed to load the sheet."
      title="Service sheet"
    >
      {(sheet, refresh) =>
        sheet.status === "issued" ? (
          <IssuedSheet sheet={sheet} onChanged={refresh} />
        ) : (
          <DraftSheet key={id} sheet={sheet} onIssued={refresh} />
        )
      }
    </LoadedDocument>
  );
}
