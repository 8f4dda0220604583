"use strict";
// TypeScript language-service plugin: re-rank auto-import completions.
// Loaded by tsserver via compilerOptions.plugins in tsconfig.json.

const { UsageIndex } = require("./lib/usage");

function init(modules) {
  const ts = modules.typescript;

  function create(info) {
    const log = (msg) => info.project.projectService.logger.info(`[import-hints] ${msg}`);
    const config = info.config || {};
    const index = new UsageIndex({
      projectDir: info.project.getCurrentDirectory(),
      registry: config.registry,
      maxAgeHours: config.maxAgeHours || 12,
      log,
    });
    index.warm();

    const proxy = Object.create(null);
    for (const k of Object.keys(info.languageService)) {
      const x = info.languageService[k];
      proxy[k] = (...args) => x.apply(info.languageService, args);
    }

    proxy.getCompletionsAtPosition = (fileName, position, options, formatting) => {
      const prior = info.languageService.getCompletionsAtPosition(fileName, position, options, formatting);
      if (!prior || !index.ready) return prior;
      for (const entry of prior.entries) {
        const source = entry.source;
        if (!source || !entry.hasAction) continue;
        const pkg = index.packageOf(source);
        if (!pkg) continue;
        if (index.isDeprecated(pkg)) {
          entry.kindModifiers = (entry.kindModifiers ? entry.kindModifiers + "," : "") + ts.ScriptElementKindModifier.deprecatedModifier;
          entry.sortText = "z" + entry.sortText;
        } else {
          const rank = index.rank(pkg);
          if (rank !== undefined) entry.sortText = String(rank).padStart(4, "0") + entry.sortText;
        }
      }
      return prior;
    };

    log("ready");
    return proxy;
  }

  return { create };
}

module.exports = init;
