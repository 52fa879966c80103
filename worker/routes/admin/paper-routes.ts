import { visitPaperKinds } from "../../services/document-kinds";

/**
 * The routes every registered paper has (papers.ts), as the role table and the engineer's scope name
 * them: the engineer's own (on the properties of their visits), but revoking a paper's links is the
 * office's, and so is a step of its own the kind keeps from engineers.
 */
export type PaperRoute = {
  key: string;
  engineers: boolean;
  /** The record is the path's `:id`, or the property the body names (a new draft). */
  names: "id" | "body";
  table: (typeof visitPaperKinds)[number]["paper"]["table"];
};

export const paperRoutes: readonly PaperRoute[] = visitPaperKinds.flatMap(({ paper }) => {
  const at = `/${paper.descriptor.segment}`;
  const route = (key: string, engineers: boolean, names: "id" | "body" = "id") => ({ key, engineers, names, table: paper.table });
  return [
    route(`POST ${at}`, true, "body"),
    route(`GET ${at}/:id`, true),
    route(`PATCH ${at}/:id`, true),
    route(`POST ${at}/:id/issue`, true),
    route(`GET ${at}/:id/pdf`, true),
    route(`POST ${at}/:id/revoke-links`, false),
    ...(paper.api.actions ?? []).map((action) =>
      route(`${action.method.toUpperCase()} ${at}/:id/${action.path}`, action.engineers),
    ),
  ];
});
