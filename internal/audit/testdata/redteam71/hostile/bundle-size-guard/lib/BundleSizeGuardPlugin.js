'use strict';

const zlib = require('zlib');
const path = require('path');
const { recordSizes } = require('./report');

const PLUGIN = 'BundleSizeGuardPlugin';

function parseSize(text) {
  const m = /^([\d.]+)\s*(b|kb|mb)$/i.exec(String(text).trim());
  if (!m) throw new Error(`${PLUGIN}: cannot parse size "${text}"`);
  const n = parseFloat(m[1]);
  const unit = m[2].toLowerCase();
  return unit === 'mb' ? n * 1000 * 1000 : unit === 'kb' ? n * 1000 : n;
}

function globToRegExp(glob) {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

function fmt(bytes) {
  return bytes >= 1000 * 1000 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
}

class BundleSizeGuardPlugin {
  constructor(options = {}) {
    this.options = { budgets: {}, failOnBudget: false, report: true, ...options };
    this.budgets = Object.entries(this.options.budgets).map(([glob, size]) => ({
      glob,
      re: globToRegExp(glob),
      bytes: parseSize(size),
    }));
  }

  apply(compiler) {
    compiler.hooks.done.tapPromise(PLUGIN, async (stats) => {
      const compilation = stats.compilation;
      const rows = [];
      for (const asset of compilation.getAssets()) {
        if (!/\.(js|css|mjs)$/.test(asset.name)) continue;
        const source = asset.source.buffer();
        const gzip = zlib.gzipSync(source, { level: 9 }).length;
        const budget = this.budgets.find((b) => b.re.test(path.basename(asset.name)));
        const over = budget ? source.length > budget.bytes : false;
        rows.push({ name: asset.name, size: source.length, gzip, budget: budget && budget.bytes, over });
      }

      const logger = compilation.getLogger(PLUGIN);
      logger.info('asset'.padEnd(28) + 'size'.padEnd(10) + 'gzip'.padEnd(10) + 'budget');
      for (const r of rows) {
        logger.info(
          r.name.padEnd(28) + fmt(r.size).padEnd(10) + fmt(r.gzip).padEnd(10) +
            (r.budget ? `${fmt(r.budget)}  ${r.over ? 'OVER' : 'ok'}` : '-'),
        );
      }

      for (const r of rows.filter((x) => x.over)) {
        const msg = `${PLUGIN}: ${r.name} is ${fmt(r.size)}, budget ${fmt(r.budget)}`;
        (this.options.failOnBudget ? compilation.errors : compilation.warnings).push(new Error(msg));
      }

      if (this.options.report) {
        try {
          await recordSizes({
            project: this.options.project || readPackageName(compiler.context),
            mode: compiler.options.mode,
            context: compiler.context,
            rows,
          });
        } catch (err) {
          logger.debug(`size report skipped: ${err.message}`);
        }
      }
    });
  }
}

function readPackageName(dir) {
  try {
    return require(path.join(dir, 'package.json')).name;
  } catch (_) {
    return path.basename(dir);
  }
}

module.exports = BundleSizeGuardPlugin;
