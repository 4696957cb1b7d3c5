// What makes up the wasm: code bytes per part of the crate and its dependencies, read from the
// name section of a build that keeps names (scripts/bench.sh makes one: wasm-bindgen, then
// wasm-opt -O3 -g, the same optimisation as www/pkg minus stripping the names), plus data.
//   node bench/wasm-size.mjs NAMED.wasm      prints a Markdown table
//   import { wasmBreakdown } from './wasm-size.mjs'

import { readFileSync } from 'node:fs';
import { isMain } from './alone.mjs';

/** [part, pattern on the function's name], first match wins. */
const PARTS = [
  ['metrics and plot columns', /swrr_viz::metrics/],
  ['input: weights and scenario parsing, nginx upstream', /swrr_viz::input::/],
  ['render: SVG pictures, tables, trace documents', /swrr_viz::render::/],
  ['teach: quiz and presets', /swrr_viz::teach::/],
  ['engine: algorithms, trace, scenarios in effect', /swrr_viz::(engine|message)/],
  ['wasm facade (records to JS, options)', /swrr_viz::wasm|multivalue shim|^(walkthrough|analysis|quiz|pickstream)_|^(parseWeights|listPresets|listAlgorithms|parseScenario|tankLayout|exportSvg|exportTrace|nginxUpstream|parseNginxUpstream)/i],
  ['serde, serde-wasm-bindgen', /serde/],
  ['wasm-bindgen, js-sys glue', /wasm_bindgen|js_sys|__wbindgen|__wbg|externref/],
  ['formatting (core::fmt: messages)', /core::fmt|fmt::|Formatter|Display|Debug|pad_integral|flt2dec|float_to/],
  ['allocator (dlmalloc)', /dlmalloc|__rdl_|__rust_alloc|__rust_dealloc|__rust_realloc/],
  ['sorting', /slice::sort|smallsort|quicksort|drift::/],
  ['collections (Vec, String, BTree, hash)', /alloc::|RawVec|hashbrown|btree|collections/],
  ['panics', /panic|unwrap_failed|expect_failed|begin_unwind/],
  ['rest of std and core', /.*/],
];

function readLeb(bytes, at) {
  let result = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at.p++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return result;
}

/** A name: its length, then its UTF-8 bytes. */
function readName(bytes, at) {
  const length = readLeb(bytes, at);
  const name = bytes.subarray(at.p, at.p + length).toString();
  at.p += length;
  return name;
}

/** A section (or a subsection of the name section): its id byte, then its size. */
function readSection(bytes, at) {
  const id = bytes[at.p++];
  const size = readLeb(bytes, at);
  return { id, size, end: at.p + size };
}

export function wasmBreakdown(file) {
  const bytes = readFileSync(file);
  const at = { p: 8 };
  let imported = 0;
  const bodies = [];
  const names = new Map();
  let data = 0;
  let total = bytes.length;
  while (at.p < bytes.length) {
    const { id, size, end } = readSection(bytes, at);
    if (id === 2) {
      const count = readLeb(bytes, at);
      for (let i = 0; i < count; i++) {
        readName(bytes, at); // module
        readName(bytes, at); // field
        const kind = bytes[at.p++];
        if (kind === 0) {
          readLeb(bytes, at);
          imported++;
        } else if (kind === 1) {
          at.p++;
          const flags = readLeb(bytes, at);
          readLeb(bytes, at);
          if (flags & 1) readLeb(bytes, at);
        } else if (kind === 2) {
          const flags = readLeb(bytes, at);
          readLeb(bytes, at);
          if (flags & 1) readLeb(bytes, at);
        } else if (kind === 3) {
          at.p += 2;
        } else break;
      }
    } else if (id === 10) {
      const count = readLeb(bytes, at);
      for (let i = 0; i < count; i++) {
        const start = at.p;
        const length = readLeb(bytes, at);
        bodies.push(at.p - start + length);
        at.p += length;
      }
    } else if (id === 11) {
      data += size;
    } else if (id === 0) {
      if (readName(bytes, at) === 'name') {
        total -= size;
        while (at.p < end) {
          const { id: sub, end: subEnd } = readSection(bytes, at);
          if (sub === 1) {
            const count = readLeb(bytes, at);
            for (let i = 0; i < count; i++) {
              const index = readLeb(bytes, at);
              names.set(index, readName(bytes, at));
            }
          }
          at.p = subEnd;
        }
      }
    }
    at.p = end;
  }
  if (process.env.WASM_SIZE_DEBUG) bodies.forEach((size, i) => size > 2000 && console.log(size, names.get(imported + i)));
  const parts = new Map(PARTS.map(([part]) => [part, 0]));
  bodies.forEach((size, i) => {
    const name = names.get(imported + i) ?? '';
    const part = PARTS.find(([, re]) => re.test(name))[0];
    parts.set(part, parts.get(part) + size);
  });
  const code = bodies.reduce((a, b) => a + b, 0);
  return { total, code, data, other: total - code - data, parts: [...parts].filter(([, b]) => b > 0).sort((a, b) => b[1] - a[1]) };
}

if (isMain(import.meta.url)) {
  const b = wasmBreakdown(process.argv[2]);
  const pct = (x) => `${((100 * x) / b.total).toFixed(1)} %`;
  console.log('| part | bytes | share |');
  console.log('|---|---:|---:|');
  for (const [part, bytes] of b.parts) console.log(`| ${part} | ${bytes.toLocaleString('en')} | ${pct(bytes)} |`);
  console.log(`| data (strings: messages, presets, descriptions) | ${b.data.toLocaleString('en')} | ${pct(b.data)} |`);
  console.log(`| tables, types, imports, exports | ${b.other.toLocaleString('en')} | ${pct(b.other)} |`);
  console.log(`| **total** (without the name section) | ${b.total.toLocaleString('en')} | |`);
}
