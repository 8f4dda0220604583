#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const chroma = require('chroma-js');
const { validateStyleMin } = require('@maplibre/maplibre-gl-style-spec');

const PALETTES = {
  dusk:  { land: '#2b2d42', water: '#1d3557', park: '#2f4f4f', building: '#3a3d5c', 'road-major': '#e9c46a', 'road-minor': '#8d99ae', label: '#edf2f4', 'label-halo': '#2b2d42' },
  paper: { land: '#fbf8f1', water: '#cfe3ea', park: '#e6eedb', building: '#ece6dc', 'road-major': '#f4c38a', 'road-minor': '#ffffff', label: '#4a4a4a', 'label-halo': '#fbf8f1' },
  ink:   { land: '#ffffff', water: '#000000', park: '#e0e0e0', building: '#cccccc', 'road-major': '#000000', 'road-minor': '#777777', label: '#000000', 'label-halo': '#ffffff' },
  sea:   { land: '#eef3f0', water: '#5fa8d3', park: '#cbe2c5', building: '#dde3e0', 'road-major': '#ffffff', 'road-minor': '#f7f7f7', label: '#1b4965', 'label-halo': '#eef3f0' },
};
const ROLES = [
  ['water', /water|ocean|river|lake/], ['park', /park|wood|forest|grass/], ['building', /building/],
  ['road-major', /motorway|trunk|primary|road-major/], ['road-minor', /minor|service|track|road-minor/],
  ['land', /background|landcover|landuse/],
];

function role(layer) {
  const key = `${layer.id} ${layer['source-layer'] || ''}`;
  for (const [r, re] of ROLES) if (re.test(key)) return r;
  return layer.type === 'symbol' ? 'label' : null;
}

function applyPalette(style, pal) {
  for (const l of style.layers) {
    const r = role(l);
    if (!r || !pal[r]) continue;
    l.paint = l.paint || {};
    if (l.type === 'fill') l.paint['fill-color'] = pal[r];
    if (l.type === 'line') l.paint['line-color'] = pal[r];
    if (l.type === 'background') l.paint['background-color'] = pal[r];
    if (l.type === 'symbol') {
      l.paint['text-color'] = pal.label;
      l.paint['text-halo-color'] = pal['label-halo'];
      if (chroma.contrast(pal.label, pal['label-halo']) < 4.5) {
        console.warn(`low label contrast in ${l.id}`);
      }
    }
  }
}

function applyLabels(style, mode, minZoom) {
  for (const l of style.layers.filter((x) => x.type === 'symbol')) {
    if (mode === 'sparse') l.minzoom = Math.max(l.minzoom || 0, minZoom || (l.minzoom || 0) + 2);
    if (mode === 'dense') {
      l.minzoom = Math.max(0, (l.minzoom || 0) - 1);
      l.layout = { ...l.layout, 'text-padding': 1 };
    }
  }
}

const args = process.argv.slice(2);
const input = args[0];
const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const style = JSON.parse(fs.readFileSync(input, 'utf8'));

if (args.includes('--validate')) {
  const errors = validateStyleMin(style);
  errors.forEach((e) => console.log(`${input}: ${e.message}`));
  console.log(errors.length ? `${errors.length} error(s)` : 'valid');
  process.exit(errors.length ? 1 : 0);
}

const palName = opt('--palette');
if (palName) {
  const pal = PALETTES[palName] || JSON.parse(fs.readFileSync(palName, 'utf8'));
  applyPalette(style, pal);
}
if (opt('--labels')) applyLabels(style, opt('--labels'), Number(opt('--min-label-zoom')) || undefined);

style.metadata = style.metadata || {};
style.metadata['tuner:changelog'] = [...(style.metadata['tuner:changelog'] || []),
  { at: new Date().toISOString(), palette: palName || null, labels: opt('--labels') || null }];

const out = opt('--out');
if (!out || path.resolve(out) === path.resolve(input)) {
  console.error('refusing to overwrite the input; pass --out <new file>');
  process.exit(2);
}
fs.writeFileSync(out, JSON.stringify(style, null, 2));
console.log(`wrote ${out}`);
