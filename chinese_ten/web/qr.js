// A QR code for a seat's link, drawn by the page itself (the claim after # never goes to a server to be drawn):
// byte mode, error correction level M, versions 1 to 6 (up to 106 bytes, room for any table's link).

// Per version: [data codewords per block, blocks, error-correction codewords per block] at level M.
const BLOCKS = { 1: [16, 1, 10], 2: [28, 1, 16], 3: [44, 1, 26], 4: [32, 2, 18], 5: [43, 2, 24], 6: [27, 4, 16] };
const MASKS = [
  (x, y) => (x + y) % 2 === 0, (x, y) => y % 2 === 0, (x) => x % 3 === 0, (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0, (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0, (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

// GF(256) under the polynomial x^8 + x^4 + x^3 + x^2 + 1, as exponent and logarithm tables.
const EXP = new Array(512);
const LOG = new Array(256);
for (let i = 0, value = 1; i < 255; i += 1) {
  EXP[i] = value;
  LOG[value] = i;
  value <<= 1;
  if (value & 0x100) value ^= 0x11d;
}
for (let i = 255; i < 512; i += 1) EXP[i] = EXP[i - 255];

const times = (a, b) => (a && b ? EXP[LOG[a] + LOG[b]] : 0);

/** The `count` error-correction codewords of `data` (Reed–Solomon, the generator's roots α^0 … α^(count-1)). */
function correction(data, count) {
  let generator = [1];
  for (let i = 0; i < count; i += 1) {
    const next = new Array(generator.length + 1).fill(0);
    generator.forEach((c, j) => { next[j] ^= c; next[j + 1] ^= times(c, EXP[i]); });
    generator = next;
  }
  const rest = [...data, ...new Array(count).fill(0)];
  for (let i = 0; i < data.length; i += 1) {
    const factor = rest[i];
    if (factor) generator.forEach((c, j) => { rest[i + j] ^= times(c, factor); });
  }
  return rest.slice(data.length);
}

/** The codewords of `bytes` at `version`: mode, count, data, terminator and padding, then blocks interleaved. */
function codewords(bytes, version) {
  const [size, blocks, ec] = BLOCKS[version];
  const capacity = size * blocks * 8;
  const bits = [];
  const put = (value, length) => { for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1); };
  put(0b0100, 4);
  put(bytes.length, 8);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity - bits.length));
  while (bits.length % 8) bits.push(0);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((v, b) => (v << 1) | b, 0));
  for (let pad = 0xec; data.length < size * blocks; pad ^= 0xec ^ 0x11) data.push(pad);
  const parts = [];
  for (let b = 0; b < blocks; b += 1) parts.push(data.slice(b * size, (b + 1) * size));
  const checks = parts.map((part) => correction(part, ec));
  const out = [];
  for (let i = 0; i < size; i += 1) for (const part of parts) out.push(part[i]);
  for (let i = 0; i < ec; i += 1) for (const check of checks) out.push(check[i]);
  return out;
}

/** The modules every code of `version` has (finders, separators, timing, the alignment pattern, the dark
 * module), with the places kept for the format bits; `grid[y][x]` true for dark, `fixed[y][x]` for taken. */
function frame(version) {
  const side = 17 + 4 * version;
  const grid = Array.from({ length: side }, () => new Array(side).fill(false));
  const fixed = Array.from({ length: side }, () => new Array(side).fill(false));
  const set = (x, y, dark) => {
    if (x < 0 || y < 0 || x >= side || y >= side) return;
    grid[y][x] = dark;
    fixed[y][x] = true;
  };
  for (let i = 0; i < side; i += 1) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [side - 4, 3], [3, side - 4]]) {
    for (let dy = -4; dy <= 4; dy += 1) {
      for (let dx = -4; dx <= 4; dx += 1) {
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        set(cx + dx, cy + dy, ring !== 2 && ring !== 4);
      }
    }
  }
  if (version > 1) {
    const at = side - 7;
    for (let dy = -2; dy <= 2; dy += 1) {
      for (let dx = -2; dx <= 2; dx += 1) set(at + dx, at + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }
  formatBits(grid, fixed, 0);
  return { side, grid, fixed };
}

/** Write the format bits (level M, `mask`) in both of their places, and the dark module. */
function formatBits(grid, fixed, mask) {
  const side = grid.length;
  let rest = mask; // level M's two bits are 00
  for (let i = 0; i < 10; i += 1) rest = (rest << 1) ^ ((rest >>> 9) * 0x537);
  const bits = ((mask << 10) | rest) ^ 0x5412;
  const bit = (i) => ((bits >>> i) & 1) === 1;
  const set = (x, y, dark) => { grid[y][x] = dark; fixed[y][x] = true; };
  for (let i = 0; i <= 5; i += 1) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i += 1) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i += 1) set(side - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i += 1) set(8, side - 15 + i, bit(i));
  set(8, side - 8, true);
}

/** Lay the codewords' bits in the zigzag of two-module columns from the bottom right, around the fixed modules. */
function place(grid, fixed, words) {
  const side = grid.length;
  let i = 0;
  for (let right = side - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < side; step += 1) {
      const y = upward ? side - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (fixed[y][x]) continue;
        grid[y][x] = i < words.length * 8 && ((words[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i += 1;
      }
    }
  }
}

/** How badly a masked code reads (the four penalty rules): runs, boxes, finder-like stretches and the dark share. */
function penalty(grid) {
  const side = grid.length;
  let score = 0;
  let dark = 0;
  const lines = [];
  for (let i = 0; i < side; i += 1) {
    lines.push(grid[i]);
    lines.push(grid.map((row) => row[i]));
  }
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= side; i += 1) {
      if (i < side && line[i] === line[i - 1]) run += 1;
      else {
        if (run >= 5) score += run - 2;
        run = 1;
      }
    }
    const text = line.map((d) => (d ? "1" : "0")).join("");
    for (const pattern of [/(?=10111010000)/g, /(?=00001011101)/g]) score += 40 * (text.match(pattern) || []).length;
  }
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      if (grid[y][x]) dark += 1;
      if (x && y && grid[y][x] === grid[y - 1][x] && grid[y][x] === grid[y][x - 1] && grid[y][x] === grid[y - 1][x - 1]) score += 3;
    }
  }
  return score + 10 * Math.floor(Math.abs((dark * 100) / (side * side) - 50) / 5);
}

/** The QR code of `text` (its UTF-8 bytes) as rows of modules, true for dark, at the smallest version that holds it,
 * with the mask that reads best; null for a text longer than version 6 holds. */
export function qrModules(text) {
  const bytes = [...new TextEncoder().encode(text)];
  const version = Object.keys(BLOCKS).map(Number).find((v) => BLOCKS[v][0] * BLOCKS[v][1] - 2 >= bytes.length);
  if (!version) return null;
  const words = codewords(bytes, version);
  let best = null;
  for (let mask = 0; mask < MASKS.length; mask += 1) {
    const { grid, fixed } = frame(version);
    place(grid, fixed, words);
    for (let y = 0; y < grid.length; y += 1) {
      for (let x = 0; x < grid.length; x += 1) if (!fixed[y][x] && MASKS[mask](x, y)) grid[y][x] = !grid[y][x];
    }
    formatBits(grid, fixed, mask);
    const score = penalty(grid);
    if (!best || score < best.score) best = { grid, score };
  }
  return best.grid;
}

/** An SVG picture of the QR code of `text` (a quiet zone of four modules around it), or null when it is too long. */
export function qrPicture(text) {
  const grid = qrModules(text);
  if (!grid) return null;
  const side = grid.length + 8;
  const space = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(space, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.dataset.modules = String(grid.length);
  const ground = document.createElementNS(space, "rect");
  ground.setAttribute("width", String(side));
  ground.setAttribute("height", String(side));
  ground.setAttribute("fill", "#fff");
  const marks = document.createElementNS(space, "path");
  let d = "";
  grid.forEach((row, y) => row.forEach((darkHere, x) => { if (darkHere) d += `M${x + 4} ${y + 4}h1v1h-1z`; }));
  marks.setAttribute("d", d);
  marks.setAttribute("fill", "#000");
  svg.append(ground, marks);
  return svg;
}
