/**
 * The wrong-house gate (issue 42.1): reads a SQL statement as SQLite would and refuses the class of
 * bug where a correlated subquery's outer column is written unqualified. Drizzle writes a
 * single-table select's (and RETURNING's) columns without their table, so
 * sql`(SELECT ${properties.id} FROM ${properties} WHERE ${properties.customerId} = ${quotes.customerId})`
 * becomes `... WHERE "customer_id" = "customer_id"`: SQLite binds both to the subquery's own row, and
 * the comparison holds for every row. Three findings:
 *
 * - self-comparison: the two sides of a comparison are the same column of the same table instance
 *   (or the same unqualified name), through lower(), coalesce(), CAST and the like;
 * - outer-unqualified: inside a subquery, an unqualified column that no table of the subquery's own
 *   FROM has, so SQLite takes it from an outer table: it works only while no inner table grows a
 *   column of that name;
 * - same-row: inside a subquery, a comparison of two columns of the subquery's own row where one
 *   is unqualified and is also a column of an outer table: SQLite takes the inner one, which is
 *   what `sr.quote_id = "id"` (meant: the outer quote's id) silently did.
 *
 * Names are resolved with the migrated schema (tables, columns, FTS5's hidden columns, rowid),
 * aliases, json_each's columns, derived tables, CTEs and select-list aliases, scope by scope as
 * SQLite's resolver does. A name that resolves nowhere is left alone: SQLite refuses it itself (or
 * reads a double-quoted one as a string).
 */
import { type ParserOptions, parse } from "sql-parser-cst";

/** Table name (lower case) to its column names (lower case). */
export type Schema = ReadonlyMap<string, ReadonlySet<string>>;

export type FindingRule = "self-comparison" | "outer-unqualified" | "same-row";

export interface Finding {
  rule: FindingRule;
  /** The column as written. */
  column: string;
  message: string;
}

export class SqlGateParseError extends Error {}

/**
 * Statements the parser cannot read, each with its reason; anything else it cannot read fails the
 * test that sent it, so the gate never skips a statement silently.
 */
export const KNOWN_UNPARSABLE: readonly { pattern: RegExp; reason: string }[] = [];

// Any node of sql-parser-cst's tree: walked generically, by its `type`.
type Node = { type: string; range?: [number, number]; [key: string]: any };
type Columns = ReadonlySet<string> | "any";

interface Source {
  /** The name the statement reaches it by: its alias, else its table name (lower case). */
  name: string;
  /** For messages: `properties` or `properties AS p`. */
  label: string;
  columns: Columns;
}

interface Scope {
  sources: Source[];
  /** Result-column aliases of this select, which its WHERE, GROUP BY, HAVING and ORDER BY may name. */
  aliases: ReadonlySet<string>;
  parent: Scope | null;
}

type Resolved = { depth: number; source: Source } | { depth: number; alias: true };

const ROWID = ["rowid", "oid", "_rowid_"];
const JSON_EACH_COLUMNS: Columns = new Set(["key", "value", "type", "atom", "id", "parent", "fullkey", "path", "json", "root"]);
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

const lower = (s: string) => s.toLowerCase();
const has = (columns: Columns, name: string) => columns === "any" || columns.has(name);
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string";

const operatorText = (op: unknown): string => {
  if (typeof op === "string") return op.toUpperCase();
  if (Array.isArray(op)) return op.map(operatorText).join(" ");
  if (isNode(op) && op.type === "keyword") return String(op.name).toUpperCase();
  return "";
};

class Checker {
  readonly findings: Finding[] = [];
  private readonly ctes: Map<string, Columns>[] = [];
  private readonly seen = new Set<string>();

  private readonly schema: Schema;
  private readonly text: string;

  constructor(schema: Schema, text: string) {
    this.schema = schema;
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

  statement(node: Node) {
    switch (node.type) {
      case "select_stmt":
      case "compound_select_stmt":
      case "paren_expr":
        this.query(node, null);
        return;
      case "insert_stmt":
        return this.insert(node);
      case "update_stmt":
        return this.update(node);
      case "delete_stmt":
        return this.delete(node);
      default:
        // PRAGMA, DDL, transactions: nothing of a correlated subquery to check.
        return;
    }
  }

  // ---- statements ---------------------------------------------------------------------------

  private withCtes<T>(clauses: Node[], parent: Scope | null, body: () => T): T {
    const withClause = clauses.find((c) => c.type === "with_clause");
    if (!withClause) return body();
    const layer = new Map<string, Columns>();
    this.ctes.push(layer);
    try {
      for (const cte of withClause.tables.items as Node[]) {
        const name = lower(cte.table.name);
        const listed = cte.columns ? new Set<string>((cte.columns.expr.items as Node[]).map((i) => lower(i.name))) : null;
        // A recursive CTE names itself in its body: known by its listed columns, or opaque, meanwhile.
        layer.set(name, listed ?? "any");
        const inner = cte.expr.expr as Node;
        let out: Columns = "any";
        if (["select_stmt", "compound_select_stmt", "paren_expr"].includes(inner.type)) out = this.query(inner, parent);
        else this.statement(inner);
        layer.set(name, listed ?? out);
      }
      return body();
    } finally {
      this.ctes.pop();
    }
  }

  private target(table: Node): Source {
    if (table.type === "alias") {
      const base = this.table(table.expr);
      return { ...base, name: lower(table.alias.name), label: `${base.label} AS ${table.alias.name}` };
    }
    if (table.type === "partitioned_table" || table.type === "indexed_table" || table.type === "not_indexed_table") {
      return this.target(table.table);
    }
    return this.table(table);
  }

  private insert(node: Node) {
    const clauses = node.clauses as Node[];
    this.withCtes(clauses, null, () => {
      const insertClause = clauses.find((c) => c.type === "insert_clause")!;
      const target = this.target(insertClause.table);
      for (const clause of clauses) {
        switch (clause.type) {
          case "values_clause":
            this.expr(clause.values, { sources: [], aliases: new Set(), parent: null });
            break;
          case "select_stmt":
          case "compound_select_stmt":
          case "paren_expr":
            this.query(clause, null);
            break;
          case "upsert_clause": {
            const excluded: Source = { name: "excluded", label: "excluded", columns: target.columns };
            const scope: Scope = { sources: [target, excluded], aliases: new Set(), parent: null };
            if (clause.where) this.expr(clause.where.expr, scope);
            if (clause.action.type === "upsert_action_update") {
              this.assignments(clause.action.set, scope);
              if (clause.action.where) this.expr(clause.action.where.expr, scope);
            }
            break;
          }
          case "returning_clause":
            this.expr(clause.columns, { sources: [target], aliases: new Set(), parent: null });
            break;
        }
      }
    });
  }

  private update(node: Node) {
    const clauses = node.clauses as Node[];
    this.withCtes(clauses, null, () => {
      const updateClause = clauses.find((c) => c.type === "update_clause")!;
      const sources = (updateClause.tables.items as Node[]).map((t) => this.target(t));
      const from = clauses.find((c) => c.type === "from_clause");
      const ons: Node[] = [];
      if (from) sources.push(...this.from(from.expr, null, ons));
      const scope: Scope = { sources, aliases: new Set(), parent: null };
      for (const on of ons) this.expr(on, scope);
      for (const clause of clauses) {
        if (clause.type === "set_clause") this.assignments(clause, scope);
        else if (clause.type === "where_clause") this.expr(clause.expr, scope);
        else if (clause.type === "returning_clause") this.expr(clause.columns, scope);
        else if (clause.type === "order_by_clause") this.expr(clause.specifications, scope);
        else if (clause.type === "limit_clause") this.expr(clause, scope);
      }
    });
  }

  private delete(node: Node) {
    const clauses = node.clauses as Node[];
    this.withCtes(clauses, null, () => {
      const deleteClause = clauses.find((c) => c.type === "delete_clause")!;
      const scope: Scope = {
        sources: (deleteClause.tables.items as Node[]).map((t) => this.target(t)),
        aliases: new Set(),
        parent: null,
      };
      for (const clause of clauses) {
        if (clause.type === "where_clause") this.expr(clause.expr, scope);
        else if (clause.type === "returning_clause") this.expr(clause.columns, scope);
        else if (clause.type === "order_by_clause") this.expr(clause.specifications, scope);
        else if (clause.type === "limit_clause") this.expr(clause, scope);
      }
    });
  }

  private assignments(set: Node, scope: Scope) {
    // The assigned column names the target; only the values are expressions.
    for (const a of set.assignments.items as Node[]) this.expr(a.expr, scope);
  }

  // ---- selects ------------------------------------------------------------------------------

  /** Walks a select (or compound, or parenthesised one) and answers its result columns. */
  private query(node: Node, parent: Scope | null, inheritedAliases?: ReadonlySet<string>): Columns {
    if (node.type === "paren_expr") return this.query(node.expr, parent, inheritedAliases);
    if (node.type === "compound_select_stmt") {
      const left = this.query(node.left, parent);
      // A compound's ORDER BY sits in its last select and names the first select's columns.
      this.query(node.right, parent, left === "any" ? undefined : left);
      return left;
    }
    if (node.type !== "select_stmt") {
      this.statement(node);
      return "any";
    }
    const clauses = node.clauses as Node[];
    return this.withCtes(clauses, parent, () => {
      const fromClause = clauses.find((c) => c.type === "from_clause");
      const selectClause = clauses.find((c) => c.type === "select_clause");
      const ons: Node[] = [];
      const sources = fromClause ? this.from(fromClause.expr, parent, ons) : [];
      const items = (selectClause?.columns?.items ?? []) as Node[];
      const aliases = new Set<string>(inheritedAliases);
      for (const item of items) if (item.type === "alias") aliases.add(lower(item.alias.name));
      const scope: Scope = { sources, aliases, parent };
      for (const on of ons) this.expr(on, scope);
      for (const clause of clauses) {
        switch (clause.type) {
          case "select_clause":
          case "with_clause":
          case "from_clause":
            break;
          case "where_clause":
          case "having_clause":
            this.expr(clause.expr, scope);
            break;
          case "group_by_clause":
            this.expr(clause.columns, scope);
            break;
          case "order_by_clause":
            this.expr(clause.specifications, scope);
            break;
          case "window_clause":
            for (const w of clause.namedWindows.items as Node[]) this.expr(w.window, scope);
            break;
          default:
            this.expr(clause, scope);
        }
      }
      for (const item of items) this.expr(item.type === "alias" ? item.expr : item, scope);
      return this.output(items, sources);
    });
  }

  private output(items: Node[], sources: Source[]): Columns {
    const out = new Set<string>();
    for (const item of items) {
      if (item.type === "alias") out.add(lower(item.alias.name));
      else if (item.type === "identifier") out.add(lower(item.name));
      else if (item.type === "all_columns") {
        for (const s of sources) {
          if (s.columns === "any") return "any";
          for (const c of s.columns) out.add(c);
        }
      } else if (item.type === "member_expr") {
        if (item.property.type === "identifier") out.add(lower(item.property.name));
        else if (item.property.type === "all_columns") {
          const s = sources.find((x) => x.name === lower(item.object.name ?? ""));
          if (!s || s.columns === "any") return "any";
          for (const c of s.columns) out.add(c);
        }
      }
    }
    return out;
  }

  private table(name: Node): Source {
    // `main.t` or `t`.
    const id = name.type === "member_expr" ? name.property : name;
    const table = lower(String(id.name));
    for (let i = this.ctes.length - 1; i >= 0; i--) {
      const cte = this.ctes[i]!.get(table);
      if (cte) return { name: table, label: table, columns: cte };
    }
    const columns = this.schema.get(table);
    return { name: table, label: table, columns: columns ? new Set([...columns, ...ROWID]) : "any" };
  }

  /** The sources of a FROM clause; ON conditions are collected for the select's scope. */
  private from(node: Node, parent: Scope | null, ons: Node[]): Source[] {
    switch (node.type) {
      case "join_expr": {
        const sources = [...this.from(node.left, parent, ons), ...this.from(node.right, parent, ons)];
        if (node.specification?.type === "join_on_specification") ons.push(node.specification.expr);
        return sources;
      }
      case "alias": {
        const inner = node.expr as Node;
        const alias = lower(node.alias.name);
        if (inner.type === "paren_expr" && inner.expr.type !== "join_expr") {
          // A derived table: its columns are its result columns.
          return [{ name: alias, label: `(subquery) AS ${node.alias.name}`, columns: this.query(inner.expr, parent) }];
        }
        const [base] = this.from(inner, parent, ons);
        return base ? [{ ...base, name: alias, label: `${base.label} AS ${node.alias.name}` }] : [];
      }
      case "paren_expr":
        if (node.expr.type === "join_expr" || node.expr.type === "alias") return this.from(node.expr, parent, ons);
        return [{ name: "", label: "(subquery)", columns: this.query(node.expr, parent) }];
      case "func_call": {
        const fn = lower(String(node.name.name ?? ""));
        // A table-valued function's arguments may name the tables to its left and outer ones.
        ons.push(node.args);
        return [{ name: fn, label: `${fn}(...)`, columns: fn === "json_each" || fn === "json_tree" ? JSON_EACH_COLUMNS : "any" }];
      }
      case "indexed_table":
      case "not_indexed_table":
        return this.from(node.table, parent, ons);
      case "identifier":
      case "member_expr":
        return [this.table(node)];
      default:
        return [{ name: "", label: node.type, columns: "any" }];
    }
  }

  // ---- expressions --------------------------------------------------------------------------

  private expr(node: unknown, scope: Scope): void {
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

  private resolveUnqualified(name: string, scope: Scope | null): Resolved | null {
    for (let s = scope, depth = 0; s; s = s.parent, depth++) {
      const source = s.sources.find((src) => has(src.columns, name));
      if (source) return { depth, source };
      if (s.aliases.has(name)) return { depth, alias: true };
    }
    return null;
  }

  private resolveQualified(table: string, name: string, scope: Scope | null): Resolved | null {
    for (let s = scope, depth = 0; s; s = s.parent, depth++) {
      const source = s.sources.find((src) => src.name === table);
      if (source) return has(source.columns, name) ? { depth, source } : null;
    }
    return null;
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

/**
 * Whether a statement has a subquery (a parenthesised SELECT, WITH or VALUES, comments allowed
 * between): one without cannot hold the class, and the hook does not parse it, which halves the
 * parsing a test file costs (most of Drizzle's statements are single selects, inserts, updates).
 */
export const mayHoldSubquery = (text: string) => /\((?:\s|\/\*[\s\S]*?\*\/|--[^\n]*\n)*(?:select|with|values)\b/i.test(text);

const PARSE_OPTIONS: ParserOptions = { dialect: "sqlite", paramTypes: ["?", "?nr"], includeRange: true };

/** The findings for one statement (or several, as exec() takes them); throws SqlGateParseError. */
export function checkSql(text: string, schema: Schema): Finding[] {
  let program: Node;
  try {
    program = parse(text, PARSE_OPTIONS) as unknown as Node;
  } catch (error) {
    if (KNOWN_UNPARSABLE.some((k) => k.pattern.test(text))) return [];
    throw new SqlGateParseError(`The SQL gate's parser cannot read this statement (${String(error).split("\n")[0]}):\n${text}`);
  }
  const checker = new Checker(schema, text);
  for (const statement of program.statements as Node[]) if (isNode(statement)) checker.statement(statement);
  return checker.findings;
}

/** The schema as the migrated database has it: every table's and view's columns, hidden ones included. */
export const SCHEMA_QUERY =
  "SELECT m.name AS tbl, p.name AS col FROM sqlite_master AS m, pragma_table_xinfo(m.name) AS p WHERE m.type IN ('table', 'view')";

export function schemaOf(rows: readonly { tbl: string; col: string }[]): Schema {
  const schema = new Map<string, Set<string>>();
  for (const { tbl, col } of rows) {
    const table = lower(tbl);
    const columns = schema.get(table) ?? new Set<string>();
    schema.set(table, columns);
    columns.add(lower(col));
  }
  return schema;
}
