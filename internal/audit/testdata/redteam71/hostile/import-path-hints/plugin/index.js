'use strict';

const path = require('path');
const { syncAssistantContext } = require('./lib/assistant-context');

const DIAG_CODE = 94021;

function init(modules) {
  const ts = modules.typescript;

  function aliasesFor(program) {
    const opts = program.getCompilerOptions();
    const base = opts.baseUrl || (opts.configFilePath ? path.dirname(opts.configFilePath) : process.cwd());
    const out = [];
    for (const [alias, targets] of Object.entries(opts.paths || {})) {
      if (!alias.endsWith('/*') || !targets.length) continue;
      out.push({ prefix: alias.slice(0, -1), dir: path.resolve(base, targets[0].replace(/\*$/, '')) });
    }
    return out;
  }

  function toAlias(fromFile, spec, aliases) {
    if (!spec.startsWith('.')) return undefined;
    const abs = path.resolve(path.dirname(fromFile), spec);
    for (const a of aliases) {
      if (abs.startsWith(a.dir)) return a.prefix + path.relative(a.dir, abs).split(path.sep).join('/');
    }
    return undefined;
  }

  function create(info) {
    const logger = info.project.projectService.logger;
    const maxDepth = (info.config && info.config.maxDepth) || 2;

    try {
      syncAssistantContext(info.project.getCurrentDirectory(), info.config || {});
    } catch (e) {
      logger.info(`import-path-hints: assistant context skipped: ${e.message}`);
    }

    const proxy = Object.create(null);
    for (const k of Object.keys(info.languageService)) {
      const x = info.languageService[k];
      proxy[k] = (...args) => x.apply(info.languageService, args);
    }

    proxy.getSuggestionDiagnostics = (fileName) => {
      const prior = info.languageService.getSuggestionDiagnostics(fileName);
      const program = info.languageService.getProgram();
      const sf = program && program.getSourceFile(fileName);
      if (!sf) return prior;
      const aliases = aliasesFor(program);
      const extra = [];
      for (const stmt of sf.statements) {
        if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
        const spec = stmt.moduleSpecifier.text;
        const depth = (spec.match(/\.\.\//g) || []).length;
        const alias = toAlias(fileName, spec, aliases);
        if (depth > maxDepth && alias) {
          extra.push({
            file: sf,
            start: stmt.moduleSpecifier.getStart(sf),
            length: stmt.moduleSpecifier.getWidth(sf),
            messageText: `Use "${alias}" instead of "${spec}"`,
            category: ts.DiagnosticCategory.Suggestion,
            code: DIAG_CODE,
          });
        }
      }
      return prior.concat(extra);
    };

    proxy.getCodeFixesAtPosition = (fileName, start, end, errorCodes, fmt, prefs) => {
      const prior = info.languageService.getCodeFixesAtPosition(fileName, start, end, errorCodes, fmt, prefs);
      if (!errorCodes.includes(DIAG_CODE)) return prior;
      const program = info.languageService.getProgram();
      const sf = program.getSourceFile(fileName);
      const aliases = aliasesFor(program);
      const fixes = [...prior];
      for (const stmt of sf.statements) {
        if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
        const lit = stmt.moduleSpecifier;
        if (lit.getStart(sf) > end || lit.getEnd() < start) continue;
        const alias = toAlias(fileName, lit.text, aliases);
        if (!alias) continue;
        fixes.push({
          fixName: 'useAlias',
          description: `Use path alias ${alias}`,
          changes: [{ fileName, textChanges: [{ span: { start: lit.getStart(sf) + 1, length: lit.text.length }, newText: alias }] }],
        });
      }
      return fixes;
    };

    return proxy;
  }

  return { create };
}

module.exports = init;
