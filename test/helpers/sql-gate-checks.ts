/**
 * The SQL gate's three findings (test/helpers/sql-gate.ts): every expression of a statement, read
 * in its scope by sql-gate-scopes.ts, is walked for comparisons (self-comparison, same-row) and for
 * unqualified columns a subquery takes from an outer table (outer-unqualified).
 */
import { isNode, lower, type Node, type Schema, type Scope, ScopeReader, type Source } from "./sql-gate-scopes";

export type FindingRule = "self-comparison" | "outer-unqualified" | "same-row";

export interface Finding {
  rule: FindingRule;
  /** The column as written. */
  column: string;
  message: string;
}

const COMPARISONS = new Set([
  "=",
  "==",
  "<>",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "IS",
  "IS NOT",
  "IN",
  "NOT IN",
  "LIKE",
  "NOT LIKE",
  "GLOB",
  "NOT GLOB",
]);
const LITERALS = new Set(["string_literal", "number_literal", "blob_literal", "boolean_literal", "null_literal", "parameter"]);

const operatorText = (op: unknown): string => {
  if (typeof op === "string") return op.toUpperCase();
  if (Array.isArray(op)) return op.map(operatorText).join(" ");
  if (isNode(op) && op.type === "keyword") return String(op.name).toUpperCase();
  return "";
};

export class Checker extends ScopeReader {
  readonly findings: Finding[] = [];
  private readonly seen = new Set<string>();

  private readonly text: string;

  constructor(schema: Schema, text: string) {
    super(schema);
    this.text = text;
  }

  private snippet(node: Node): string {
    const r = node.range;
    const s = r ? this.text.slice(r[0], r[1]) : "";
    return s.length > 160 ? `${s.slice(0, 157)}...` : s;
  }

  private report(rule: FindingRule, column: string, message: string) {
    const key = `${rule}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push({ rule, column, message });
  }

  protected override expr(node: unknown, scope: Scope): void {
    if (Array.isArray(node)) {
      for (const n of node) this.expr(n, scope);
      return;
    }
    if (!isNode(node)) return;
    switch (node.type) {
      case "identifier":
        this.unqualified(node, scope);
        return;
      case "member_expr":
        if (node.property.type !== "identifier") this.expr(node.object, scope);
        return;
      case "select_stmt":
      case "compound_select_stmt":
        this.query(node, scope);
        return;
      case "keyword":
      case "data_type_name":
      case "modified_data_type":
      case "parametric_data_type":
        return;
      case "func_call":
        this.expr(node.args, scope);
        this.expr(node.filter, scope);
        if (node.over && node.over.window.type !== "identifier") this.expr(node.over.window, scope);
        return;
      case "window_definition":
        this.expr(node.partitionBy, scope);
        this.expr(node.orderBy, scope);
        this.expr(node.frame, scope);
        return;
      case "named_arg":
        this.expr(node.value, scope);
        return;
      case "alias":
        this.expr(node.expr, scope);
        return;
      case "binary_expr": {
        const op = operatorText(node.operator);
        if (op === "COLLATE") {
          this.expr(node.left, scope);
          return;
        }
        if (COMPARISONS.has(op)) this.comparison(node, node.left, node.right, scope);
        this.expr(node.left, scope);
        this.expr(node.right, scope);
        return;
      }
      case "between_expr":
        this.comparison(node, node.left, node.begin, scope);
        this.comparison(node, node.left, node.end, scope);
        break;
    }
    for (const key of Object.keys(node)) {
      if (key !== "type" && key !== "range") this.expr(node[key], scope);
    }
  }

  private unqualified(node: Node, scope: Scope) {
    const name = lower(node.name);
    const found = this.resolveUnqualified(name, scope);
    if (!found || found.depth === 0 || "alias" in found) return;
    const own = scope.sources.map((s) => s.label).join(", ") || "no table";
    this.report(
      "outer-unqualified",
      node.name,
      `${node.text} in a subquery is not a column of its own FROM (${own}), so SQLite takes it from the outer ` +
        `${found.source.label}: name it with its table, sql.raw('"${found.source.name}"."${name}"')`,
    );
  }

  /**
   * The column a comparison's side reduces to, through parentheses, CAST, COLLATE and calls with one
   * column among literal arguments, with its shape (`lower(#)`) so that lower(x) = lower(x) is the
   * same column and json_extract(x, '$.a') = json_extract(x, '$.b') is not.
   */
  private columnOf(node: Node): { table: string | null; name: string; text: string; shape: string } | null {
    switch (node.type) {
      case "identifier":
        return { table: null, name: lower(node.name), text: node.text, shape: "#" };
      case "member_expr":
        if (node.property.type !== "identifier" || node.object.type !== "identifier") return null;
        return { table: lower(node.object.name), name: lower(node.property.name), text: this.snippet(node), shape: "#" };
      case "paren_expr":
        return isNode(node.expr) && node.expr.type !== "select_stmt" && node.expr.type !== "list_expr"
          ? this.columnOf(node.expr)
          : null;
      case "cast_expr": {
        const inner = this.columnOf(node.args.expr.expr);
        return inner && { ...inner, shape: `cast(${inner.shape} as ${this.snippet(node.args.expr.dataType)})` };
      }
      case "binary_expr":
        return operatorText(node.operator) === "COLLATE" ? this.columnOf(node.left) : null;
      case "func_call": {
        const args = (node.args?.expr?.args?.items ?? []) as Node[];
        const columns = args.filter((a) => !LITERALS.has(a.type));
        const inner = columns.length === 1 ? this.columnOf(columns[0]!) : null;
        if (!inner) return null;
        const shape = args.map((a) => (a === columns[0] ? inner.shape : this.snippet(a))).join(", ");
        return { ...inner, shape: `${lower(String(node.name.name ?? ""))}(${shape})` };
      }
      default:
        return null;
    }
  }

  private comparison(node: Node, left: Node, right: Node, scope: Scope) {
    const l = this.columnOf(left);
    const r = this.columnOf(right);
    if (l && r && l.name === r.name && l.shape === r.shape) {
      const resolve = (c: typeof l) =>
        c.table === null ? this.resolveUnqualified(c.name, scope) : this.resolveQualified(c.table, c.name, scope);
      const rl = resolve(l);
      const rr = resolve(r);
      const same =
        l.table === null && r.table === null ? true : rl && rr && "source" in rl && "source" in rr && rl.source === rr.source;
      if (same) {
        const where = rl && "source" in rl ? rl.source.label : "the same table";
        const outer = scope.parent && this.knownOuter(l.name, scope.parent);
        const fix = outer ? `sql.raw('"${outer.name}"."${l.name}"')` : `sql.raw('"table"."${l.name}"')`;
        this.report(
          "self-comparison",
          (l.table === null ? l : r).text,
          `${this.snippet(node)} compares ${l.name} of ${where} with itself (true for every row): ` +
            `name the outer column with its table (${fix}) and the inner one with the subquery's alias`,
        );
        return;
      }
    }
    if (!scope.parent || !l || !r || (l.table !== null && r.table !== null)) return;
    // Two columns of the subquery's own row, one unqualified and also an outer table's column: the
    // shape of `sr.quote_id = "id"`, where Drizzle's ${quotes.id} came out as the inner row's id.
    const rl = l.table === null ? this.resolveUnqualified(l.name, scope) : this.resolveQualified(l.table, l.name, scope);
    const rr = r.table === null ? this.resolveUnqualified(r.name, scope) : this.resolveQualified(r.table, r.name, scope);
    if (!rl || !rr || !("source" in rl) || !("source" in rr) || rl.depth !== 0 || rr.depth !== 0) return;
    if (rl.source !== rr.source || rl.source.columns === "any") return;
    for (const side of [l, r]) {
      const outer = side.table === null ? this.knownOuter(side.name, scope.parent) : null;
      if (!outer) continue;
      this.report(
        "same-row",
        side.text,
        `${this.snippet(node)} compares two columns of the subquery's own ${rl.source.label} row, and ${side.text} is also ` +
          `a column of the outer ${outer.label}: if the outer one was meant, name it with its table ` +
          `(sql.raw('"${outer.name}"."${side.name}"')); if not, name the subquery's own with its alias`,
      );
      return;
    }
  }

  private knownOuter(name: string, scope: Scope | null): Source | null {
    for (let s = scope; s; s = s.parent) {
      const source = s.sources.find((src) => src.columns !== "any" && src.columns.has(name));
      if (source) return source;
    }
    return null;
  }
}
