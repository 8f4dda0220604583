// Prettier 3 plugin: SQL formatting through the sqlfmt-core engine.
import { formatWithEngine } from "./lib/engine.mjs";

export const languages = [
  {
    name: "SQL",
    parsers: ["sql"],
    extensions: [".sql", ".pgsql", ".mysql"],
    vscodeLanguageIds: ["sql"],
  },
];

export const options = {
  sqlDialect: {
    category: "SQL",
    type: "choice",
    default: "postgresql",
    description: "SQL dialect",
    choices: [
      { value: "postgresql", description: "PostgreSQL" },
      { value: "mysql", description: "MySQL / MariaDB" },
      { value: "bigquery", description: "BigQuery" },
      { value: "sqlite", description: "SQLite" },
    ],
  },
  sqlKeywordCase: {
    category: "SQL",
    type: "choice",
    default: "upper",
    description: "Keyword case",
    choices: [{ value: "upper" }, { value: "lower" }, { value: "preserve" }],
  },
};

export const parsers = {
  sql: {
    astFormat: "sql-text",
    async parse(text, opts) {
      const formatted = await formatWithEngine(text, {
        dialect: opts.sqlDialect,
        keywordCase: opts.sqlKeywordCase,
        width: opts.printWidth,
        indent: opts.useTabs ? "\t" : " ".repeat(opts.tabWidth),
      });
      return { type: "sql-text", value: formatted };
    },
    locStart: () => 0,
    locEnd: (node) => node.value.length,
  },
};

export const printers = {
  "sql-text": {
    print(path) {
      return path.node.value;
    },
  },
};
