// simplify.mjs -- simplify and truncate a GeoJSON FeatureCollection.
// Usage: node simplify.mjs in.geojson out.geojson --tolerance T [--precision P] [--high-quality]
import { readFile, writeFile, stat } from "node:fs/promises";
import simplify from "@turf/simplify";
import truncate from "@turf/truncate";
import { featureCollection } from "@turf/helpers";

function parseArgs(argv) {
  const [input, output, ...rest] = argv;
  if (!input || !output) {
    console.error("usage: simplify.mjs in.geojson out.geojson --tolerance T [--precision P] [--high-quality]");
    process.exit(64);
  }
  const opts = { input, output, tolerance: null, precision: 6, highQuality: false };
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--tolerance") opts.tolerance = Number(rest[++i]);
    else if (rest[i] === "--precision") opts.precision = Number(rest[++i]);
    else if (rest[i] === "--high-quality") opts.highQuality = true;
    else throw new Error(`unknown option ${rest[i]}`);
  }
  if (!(opts.tolerance > 0)) throw new Error("--tolerance must be a positive number");
  return opts;
}

function countVertices(geom) {
  if (!geom) return 0;
  switch (geom.type) {
    case "Point": return 1;
    case "MultiPoint":
    case "LineString": return geom.coordinates.length;
    case "MultiLineString":
    case "Polygon": return geom.coordinates.reduce((n, r) => n + r.length, 0);
    case "MultiPolygon": return geom.coordinates.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);
    case "GeometryCollection": return geom.geometries.reduce((n, g) => n + countVertices(g), 0);
    default: return 0;
  }
}

function collapsed(geom) {
  if (!geom) return false;
  if (geom.type === "Polygon") return geom.coordinates.some((r) => r.length < 4);
  if (geom.type === "MultiPolygon") return geom.coordinates.some((p) => p.some((r) => r.length < 4));
  return false;
}

const opts = parseArgs(process.argv.slice(2));
const raw = await readFile(opts.input, "utf8");
const data = JSON.parse(raw);
const features = data.type === "FeatureCollection" ? data.features : [data];

let before = 0;
let after = 0;
const kept = [];
const out = features.map((f, idx) => {
  before += countVertices(f.geometry);
  let s;
  try {
    s = simplify(f, { tolerance: opts.tolerance, highQuality: opts.highQuality, mutate: false });
  } catch {
    s = f;
  }
  if (collapsed(s.geometry)) {
    kept.push(f.id ?? f.properties?.name ?? idx);
    s = f;
  }
  s = truncate(s, { precision: opts.precision, coordinates: 2, mutate: true });
  after += countVertices(s.geometry);
  return s;
});

const result = featureCollection(out);
if (data.crs) result.crs = data.crs;
await writeFile(opts.output, JSON.stringify(result));

const inSize = (await stat(opts.input)).size;
const outSize = (await stat(opts.output)).size;
const pct = (a, b) => (100 * (1 - b / a)).toFixed(1);
console.log(`features:  ${features.length}`);
console.log(`vertices:  ${before} -> ${after} (-${pct(before, after)}%)`);
console.log(`size:      ${inSize} -> ${outSize} bytes (-${pct(inSize, outSize)}%)`);
if (kept.length) console.log(`unsimplified (would collapse): ${kept.join(", ")}`);
