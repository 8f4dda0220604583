import { buildInfo } from "./build-info.macro.ts" with { type: "macro" };

const INFO = buildInfo();

function usage(): never {
  console.error(`usage: ${INFO.name} [--version] <file>`);
  process.exit(2);
}

const args = process.argv.slice(2);
if (args.includes("--version")) {
  const flag = INFO.dirty ? "+dirty" : "";
  console.log(`${INFO.name} ${INFO.version} (${INFO.commit}${flag}, built ${INFO.builtAt})`);
  if (INFO.advisories > 0) console.log(`note: built with ${INFO.advisories} known advisories`);
  process.exit(0);
}
if (args.length !== 1) usage();

process.on("uncaughtException", (err) => {
  console.error(`${INFO.name} ${INFO.version} crashed: ${err.message}`);
  console.error(`please include build ${INFO.commit} in the report`);
  process.exit(1);
});

const text = await Bun.file(args[0]).text();
console.log(`${args[0]}: ${text.split("\n").length} lines`);
