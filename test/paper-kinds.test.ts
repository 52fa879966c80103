import { describe, expect, it } from "vitest";
import { adminRoutes } from "../schema/admin-routes";
import { AUDIT_KIND_LABELS, AUDIT_KIND_SCREENS } from "../schema/api/audit";
import { paperNames, papers } from "../schema/api/papers";
import { ROUTE_ROLES } from "../worker/routes/admin/roles";
import { auditKinds } from "../worker/services/audit/kinds";
import { documentKinds, visitPaperKinds } from "../worker/services/document-kinds";
import { visitDocuments } from "../worker/services/visits/visit-documents";

/**
 * A paper drafted at a visit is added in its own folders plus one entry in each registry (issue 47):
 * schema/api/papers.ts (its words), worker/services/document-kinds.ts (what it does) and
 * frontend/pages/admin/paper-screens.ts (its screen, which the compiler requires for every name).
 * These check that everything that shows a visit's papers follows from those, for every kind.
 */

describe("the papers drafted at a visit", () => {
  it("are the same list on both sides, each registered once in the documents room", () => {
    for (const name of paperNames) expect(papers[name].name).toBe(name);
    expect(visitPaperKinds.map((kind) => kind.name).sort()).toEqual([...paperNames].sort());
    for (const kind of visitPaperKinds) {
      expect(kind.paper.descriptor).toBe(papers[kind.name as keyof typeof papers]);
      expect(documentKinds[kind.name]).toBe(kind);
    }
  });

  it.each(paperNames)("%s has its routes with their roles, its place on a visit, in the audit log and a screen", (name) => {
    const { segment, visitField, label } = papers[name];
    const kind = visitPaperKinds.find((k) => k.name === name)!;
    const routes = [
      `POST /${segment}`,
      `GET /${segment}/:id`,
      `PATCH /${segment}/:id`,
      `POST /${segment}/:id/issue`,
      `GET /${segment}/:id/pdf`,
      `POST /${segment}/:id/revoke-links`,
      ...(kind.paper.api.actions ?? []).map((action) => `POST /${segment}/:id/${action.path}`),
    ];
    for (const route of routes) expect(ROUTE_ROLES[route], route).toBeDefined();
    // Engineers draft, fill and issue it; only the owner and the office revoke its links.
    expect(ROUTE_ROLES[`POST /${segment}/:id/issue`]).toContain("engineer");
    expect(ROUTE_ROLES[`POST /${segment}/:id/revoke-links`]).not.toContain("engineer");
    expect(Object.keys(visitDocuments)).toContain(visitField);
    const audit = auditKinds.find((k) => k.kind === name);
    expect(audit?.segments).toEqual([segment]);
    expect(audit?.ofJob).toBeDefined();
    expect(AUDIT_KIND_LABELS[name]).toBe(label);
    expect(AUDIT_KIND_SCREENS[name]?.("7")).toBe(`/${segment}/7`);
    // Its screen, served the service records screen's shell (the build's _redirects line).
    expect(adminRoutes.find((r) => r.path === `/admin/${segment}/:id`)?.shell).toBe("/admin/service-records");
  });
});
