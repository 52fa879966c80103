/**
 * The SQL gate's reading of a statement (test/helpers/sql-gate.ts): sql-parser-cst's tree walked
 * statement by statement and select by select, each select's scope built as SQLite's resolver
 * builds it (the migrated schema's tables and columns, FTS5's hidden columns, rowid, aliases,
 * json_each's columns, derived tables, CTEs and select-list aliases), and a column's name resolved
 * through the scopes outwards. What the gate looks for in the expressions is in sql-gate-checks.ts.
 */

/** Table name (lower case) to its column names (lower case). */
export type Schema = ReadonlyMap<string, ReadonlySet<string>>;

// Any node of sql-parser-cst's tree: walked generically, by its `type`.
export type Node = { type: string; range?: [number, number]; [key: string]: any };
export type Columns = ReadonlySet<string> | "any";

export interface Source {
  /** The name the statement reaches it by: its alias, else its table name (lower case). */
  name: string;
  /** For messages: `properties` or `properties AS p`. */
  label: string;
  columns: Columns;
}

export interface Scope {
  sources: Source[];
  /** Result-column aliases of this select, which its WHERE, GROUP BY, HAVING and ORDER BY may name. */
  aliases: ReadonlySet<string>;
  parent: Scope | null;
}

export type Resolved = { depth: number; source: Source } | { depth: number; alias: true };

const ROWID = ["rowid", "oid", "_rowid_"];
const JSON_EACH_COLUMNS: Columns = new Set(["key", "value", "type", "atom", "id", "parent", "fullkey", "path", "json", "root"]);

export const lower = (s: string) => s.toLowerCase();
const has = (columns: Columns, name: string) => columns === "any" || columns.has(name);
export const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string";

/**
 * Walks statements, selects and FROM clauses and resolves names; each expression it meets, with the
 * scope it is read in, goes to expr(), which the checks implement.
 */
export abstract class ScopeReader {
  private readonly ctes: Map<string, Columns>[] = [];
  private readonly schema: Schema;

  constructor(schema: Schema) {
    this.schema = schema;
  }

  protected abstract expr(node: unknown, scope: Scope): void;

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
  protected query(node: Node, parent: Scope | null, inheritedAliases?: ReadonlySet<string>): Columns {
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

  // ---- names --------------------------------------------------------------------------------

  protected resolveUnqualified(name: string, scope: Scope | null): Resolved | null {
    for (let s = scope, depth = 0; s; s = s.parent, depth++) {
      const source = s.sources.find((src) => has(src.columns, name));
      if (source) return { depth, source };
      if (s.aliases.has(name)) return { depth, alias: true };
    }
    return null;
  }

  protected resolveQualified(table: string, name: string, scope: Scope | null): Resolved | null {
    for (let s = scope, depth = 0; s; s = s.parent, depth++) {
      const source = s.sources.find((src) => src.name === table);
      if (source) return has(source.columns, name) ? { depth, source } : null;
    }
    return null;
  }
}
