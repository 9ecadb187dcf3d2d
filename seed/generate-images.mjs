// Generates the demo shop's SVG images into seed/images/ (node seed/generate-images.mjs).
// Plain Node, no dependencies, no network: every file is drawn from the specs below and the output is
// deterministic (the "random" slub and grain lines come from a PRNG seeded by the file name).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'images');

// ---------------------------------------------------------------- helpers

const f = (n) => +n.toFixed(1);
const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const hex = (v) =>
  '#' +
  v
    .map((x) =>
      Math.round(Math.max(0, Math.min(255, x)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
const mix = (a, b, t) => {
  const A = rgb(a);
  const B = rgb(b);
  return hex(A.map((v, i) => v + (B[i] - v) * t));
};
const lt = (c, t) => mix(c, '#ffffff', t);
const dk = (c, t) => mix(c, '#000000', t);
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** mulberry32 seeded by a string, so every file gets its own but repeatable texture. */
function rng(seed) {
  let h = 1779033703 ^ seed.length;
  for (const ch of seed) {
    h = Math.imul(h ^ ch.charCodeAt(0), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h += 0x6d2b79f5;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** n teardrop petals around (cx, cy). */
function flower(cx, cy, r, n = 6, rot = 0) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = rot + (i * 2 * Math.PI) / n;
    const q = r >= 10 ? Math.round : f;
    const p = (a, k) => `${q(cx + k * r * Math.cos(a))} ${q(cy + k * r * Math.sin(a))}`;
    d += `M${f(cx)} ${f(cy)}Q${p(t - 0.45, 0.75)} ${p(t, 1)}Q${p(t + 0.45, 0.75)} ${f(cx)} ${f(cy)}Z`;
  }
  return d;
}

/** A path symmetric about x = 300 from left-side nodes [dx, y] or [dx, y, cdx, cy] (quadratic). */
function sym(nodes, neckY) {
  const L = (x) => f(300 - x);
  const R = (x) => f(300 + x);
  let d = `M${L(nodes[0][0])} ${nodes[0][1]}`;
  for (let i = 1; i < nodes.length; i++) {
    const [x, y, cx, cy] = nodes[i];
    d += cx === undefined ? `L${L(x)} ${y}` : `Q${L(cx)} ${cy} ${L(x)} ${y}`;
  }
  const last = nodes[nodes.length - 1];
  if (last[0] !== 0) d += `L${R(last[0])} ${last[1]}`;
  for (let i = nodes.length - 1; i > 0; i--) {
    const [, , cx, cy] = nodes[i];
    const [px, py] = nodes[i - 1];
    d += cx === undefined ? `L${R(px)} ${py}` : `Q${R(cx)} ${cy} ${R(px)} ${py}`;
  }
  return neckY ? `${d}Q300 ${neckY} ${L(nodes[0][0])} ${nodes[0][1]}Z` : `${d}Z`;
}

// Shared gradients and filters, added to a file only when used.
const COMMON = {
  gd: '<linearGradient id="gd" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8e49a"/><stop offset=".45" stop-color="#d4a53c"/><stop offset="1" stop-color="#8a6218"/></linearGradient>',
  sv: '<linearGradient id="sv" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2f1ee"/><stop offset=".5" stop-color="#a3a29e"/><stop offset="1" stop-color="#4a4844"/></linearGradient>',
  sh: '<linearGradient id="sh"><stop offset="0" stop-opacity=".32"/><stop offset=".22" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity=".1"/><stop offset=".78" stop-opacity="0"/><stop offset="1" stop-opacity=".32"/></linearGradient>',
  sn: '<linearGradient id="sn" x1="0" y1="0" x2="1" y2="1"><stop offset=".2" stop-color="#fff" stop-opacity="0"/><stop offset=".42" stop-color="#fff" stop-opacity=".34"/><stop offset=".52" stop-color="#fff" stop-opacity="0"/><stop offset=".76" stop-opacity=".16"/><stop offset="1" stop-opacity="0"/></linearGradient>',
  fd: '<linearGradient id="fd"><stop offset="0" stop-opacity=".2"/><stop offset=".12" stop-color="#fff" stop-opacity=".12"/><stop offset=".26" stop-opacity=".2"/><stop offset=".4" stop-color="#fff" stop-opacity=".1"/><stop offset=".54" stop-opacity=".16"/><stop offset=".68" stop-color="#fff" stop-opacity=".12"/><stop offset=".82" stop-opacity=".2"/><stop offset=".92" stop-color="#fff" stop-opacity=".08"/><stop offset="1" stop-opacity=".24"/></linearGradient>',
  fe: '<linearGradient id="fe" x2="0" y2="1"><stop offset="0" stop-opacity=".04"/><stop offset="1" stop-opacity=".34"/></linearGradient>',
  vg: '<radialGradient id="vg" r=".78"><stop offset=".5" stop-opacity="0"/><stop offset="1" stop-opacity=".24"/></radialGradient>',
  bl: '<filter id="bl" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>',
  pl: '<radialGradient id="pl" cx=".35" cy=".35"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#cfc5b3"/></radialGradient>',
  kd: '<radialGradient id="kd" cx=".4" cy=".35"><stop offset="0" stop-color="#fff"/><stop offset=".6" stop-color="#eef3f4"/><stop offset="1" stop-color="#b9c8cc"/></radialGradient>',
  wd: '<linearGradient id="wd" x2="0" y2="1"><stop offset="0" stop-color="#a0703f"/><stop offset=".5" stop-color="#6e4622"/><stop offset="1" stop-color="#4a2c14"/></linearGradient>',
};

const pat = (id, w, h, body, tf = '', y = 0) =>
  `<pattern id="${id}" width="${w}" height="${h}"${y ? ` y="${y}"` : ''} patternUnits="userSpaceOnUse"${
    tf ? ` patternTransform="${tf}"` : ''
  }>${body}</pattern>`;

// ---------------------------------------------------------------- weaves
// Each returns a <pattern>; c = { b: base, a: accent, c: third colour }. `seed` drives the texture lines.

function randomLines(R, n, w, h, horizontal, minL, maxL) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const len = minL + R() * (maxL - minL);
    const a = R() * (w - len);
    const b = R() * h;
    const [x, y, l] = [a, b, len].map(Math.round);
    d += horizontal ? `M${x} ${y}h${l}` : `M${y} ${x}v${l}`;
  }
  return d;
}

const WEAVES = {
  silk: {
    sheen: true,
    make: (id, c, tf) =>
      pat(
        id,
        24,
        24,
        `<rect width="24" height="24" fill="${c.b}"/><path d="M0 24L24 0M-6 6L6-6M18 30L30 18" stroke="${lt(c.b, 0.16)}" stroke-width="3" opacity=".5"/>`,
        tf,
      ),
  },
  cotton: {
    make: (id, c, tf) =>
      pat(
        id,
        6,
        6,
        `<rect width="6" height="6" fill="${c.b}"/><path d="M0 0h3v3H0zM3 3h3v3H3z" fill="${dk(c.b, 0.07)}"/><path d="M0 .5h6M.5 0v6" stroke="${lt(c.b, 0.25)}" stroke-width=".6" opacity=".6"/>`,
        tf,
      ),
  },
  khadi: {
    make: (id, c, tf, R) =>
      pat(
        id,
        160,
        160,
        `<rect width="160" height="160" fill="${c.b}"/><path d="${Array.from({ length: 40 }, (_, i) => `M0 ${i * 4 + 1}h160`).join('')}" stroke="${dk(c.b, 0.12)}" stroke-width=".8" opacity=".5"/><path d="${randomLines(R, 18, 160, 160, true, 20, 90)}" stroke="${lt(c.b, 0.28)}" stroke-width="2.6" stroke-linecap="round" opacity=".7"/><path d="${randomLines(R, 14, 160, 160, true, 15, 70)}" stroke="${dk(c.b, 0.22)}" stroke-width="1.8" stroke-linecap="round" opacity=".6"/>`,
        tf,
      ),
  },
  linen: {
    make: (id, c, tf, R) =>
      pat(
        id,
        60,
        60,
        `<rect width="60" height="60" fill="${c.b}"/><path d="${randomLines(R, 16, 60, 60, true, 59, 60)}" stroke="${lt(c.b, 0.22)}" stroke-width="1.2" opacity=".7"/><path d="${randomLines(R, 16, 60, 60, false, 59, 60)}" stroke="${dk(c.b, 0.15)}" stroke-width="1.1" opacity=".6"/>`,
        tf,
      ),
  },
  brocade: {
    sheen: true,
    make: (id, c, tf) => {
      const m = c.c || 'url(#gd)';
      return pat(
        id,
        80,
        80,
        `<rect width="80" height="80" fill="${c.b}"/><path d="M0 40L40 0L80 40L40 80Z" fill="none" stroke="${m}" stroke-width="1.4" opacity=".7"/><g fill="${m}"><path d="${flower(40, 40, 15, 8)}"/><path id="${id}f" d="${flower(0, 0, 7, 6)}"/><use href="#${id}f" x="80"/><use href="#${id}f" y="80"/><use href="#${id}f" x="80" y="80"/><circle cx="40" r="2"/><circle cy="40" r="2"/><circle cx="80" cy="40" r="2"/><circle cx="40" cy="80" r="2"/></g><circle cx="40" cy="40" r="3.5" fill="${c.a}"/>`,
        tf,
      );
    },
  },
  bandhani: {
    make: (id, c, tf) => {
      let dots = '';
      for (let i = 0; i < 6; i++) {
        const t = (i * Math.PI) / 3;
        dots += `<circle cx="${f(16 + 5.5 * Math.cos(t))}" cy="${f(16 + 5.5 * Math.sin(t))}" r="1.9"/>`;
      }
      return pat(
        id,
        32,
        32,
        `<rect width="32" height="32" fill="${c.b}"/><g fill="${c.a}">${dots}<circle cx="16" cy="16" r="1.6"/><circle r="2.2"/><circle cx="32" r="2.2"/><circle cy="32" r="2.2"/><circle cx="32" cy="32" r="2.2"/></g>`,
        tf,
      );
    },
  },
  ikat: {
    make: (id, c, tf) =>
      pat(
        id,
        90,
        60,
        `<rect width="90" height="60" fill="${c.b}"/><path d="M0 44L22.5 16L45 44L67.5 16L90 44" fill="none" stroke="${c.a}" stroke-width="18" stroke-dasharray="3 2" opacity=".45"/><path d="M0 44L22.5 16L45 44L67.5 16L90 44" fill="none" stroke="${c.a}" stroke-width="10"/><path d="M0 56L22.5 28L45 56L67.5 28L90 56" fill="none" stroke="${c.c || lt(c.a, 0.4)}" stroke-width="2.5" stroke-dasharray="6 2"/><path d="M22.5 0L30 6L22.5 12L15 6ZM67.5 0L75 6L67.5 12L60 6Z" fill="${c.c || c.a}"/>`,
        tf,
      ),
  },
  chikankari: {
    make: (id, c, tf) =>
      pat(
        id,
        120,
        120,
        `<rect width="120" height="120" fill="${c.b}"/><g fill="none" stroke="${c.a}" stroke-linecap="round"><path id="${id}p" d="M40 21C56 21 62 39 54 53C46 67 26 69 22 53C19 41 30 35 36 41C41 46 37 51 33 49" stroke-width="2.2"/><use href="#${id}p" transform="translate(60 60) rotate(180 40 45)"/><path d="M0 100Q30 80 60 100T120 100M60 10Q80 30 60 40" stroke-width="2.6" stroke-dasharray="0 6"/><path d="${flower(95, 30, 9, 5)}${flower(25, 90, 7, 5)}" stroke-width="1.4"/></g>`,
        tf,
      ),
  },
  leheriya: {
    make: (id, c, tf) =>
      pat(
        id,
        36,
        36,
        `<rect width="36" height="36" fill="${c.b}"/><rect y="4" width="36" height="8" fill="${c.a}"/><rect y="16" width="36" height="3" fill="${c.c || '#fff'}"/><rect y="23" width="36" height="7" fill="${dk(c.a, 0.25)}"/>`,
        `${tf} rotate(-35)`,
      ),
  },
  blockprint: {
    make: (id, c, tf) =>
      pat(
        id,
        60,
        60,
        `<rect width="60" height="60" fill="${c.b}"/><path d="${flower(15, 15, 11, 5)}${flower(45, 45, 11, 5, 0.6)}" fill="${c.a}"/><g fill="${c.c || lt(c.a, 0.4)}"><circle cx="15" cy="15" r="2.6"/><circle cx="45" cy="45" r="2.6"/><ellipse cx="45" cy="15" rx="2" ry="5" transform="rotate(40 45 15)"/><ellipse cx="15" cy="45" rx="2" ry="5" transform="rotate(-40 15 45)"/></g>`,
        tf,
      ),
  },
  chanderi: {
    sheen: true,
    make: (id, c, tf) =>
      pat(
        id,
        50,
        50,
        `<rect width="50" height="50" fill="${c.b}"/><path d="M2 0v50M12 0v50M22 0v50M32 0v50M42 0v50" stroke="${lt(c.b, 0.3)}" stroke-width="1.5" opacity=".5"/><g fill="${c.c || 'url(#gd)'}"><circle cx="12" cy="12" r="3.4"/><circle cx="37" cy="37" r="3.4"/></g>`,
        tf,
      ),
  },
  zaricheck: {
    sheen: true,
    make: (id, c, tf) =>
      pat(
        id,
        60,
        60,
        `<rect width="60" height="60" fill="${c.b}"/><path d="M0 1h60M1 0v60" stroke="url(#gd)" stroke-width="2.4"/><path d="${flower(30, 30, 7, 4, 0.785)}" fill="url(#gd)"/>`,
        tf,
      ),
  },
  velvet: {
    sheen: true,
    make: (id, c, tf) =>
      pat(
        id,
        4,
        4,
        `<rect width="4" height="4" fill="${c.b}"/><rect width="1" height="1" fill="${dk(c.b, 0.12)}"/>`,
        tf,
      ),
  },
  phulkari: {
    make: (id, c, tf) =>
      pat(
        id,
        40,
        40,
        `<rect width="40" height="40" fill="${c.b}"/><path d="M20 3L37 20L20 37L3 20Z" fill="${c.a}"/><path d="M20 10L30 20L20 30L10 20Z" fill="${c.c || '#f2b705'}"/><path d="M20 3V37M3 20H37" stroke="${dk(c.a, 0.2)}" stroke-width=".8"/>`,
        tf,
      ),
  },
  leather: {
    make: (id, c, tf, R) =>
      pat(
        id,
        40,
        40,
        `<rect width="40" height="40" fill="${c.b}"/><path d="${randomLines(R, 14, 40, 40, true, 2, 6)}" stroke="${dk(c.b, 0.25)}" stroke-width="1" opacity=".45"/>`,
        tf,
      ),
  },
  jamawar: {
    make: (id, c, tf) =>
      pat(
        id,
        70,
        90,
        `<rect width="70" height="90" fill="${c.b}"/><path id="${id}p" d="M27 8C21 20 37 28 35 44C33 58 21 62 13 60C3 57-1 46 3 36C7 26 17 22 27 8Z" fill="${c.a}"/><use href="#${id}p" transform="translate(35 45)"/><use href="#${id}p" transform="translate(-35 45)"/><use href="#${id}p" transform="translate(35 -45)"/><use href="#${id}p" transform="translate(-35 -45)"/><path d="M20 28C15 34 14 44 20 50" fill="none" stroke="${c.c || 'url(#gd)'}" stroke-width="2"/><circle cx="22" cy="40" r="3" fill="${c.c || 'url(#gd)'}"/><circle cx="57" cy="85" r="3" fill="${c.c || 'url(#gd)'}"/>`,
        tf,
      ),
  },
  wool: {
    make: (id, c, tf) =>
      pat(
        id,
        10,
        10,
        `<rect width="10" height="10" fill="${c.b}"/><path d="M0 10L10 0M-5 5L5-5M5 15L15 5" stroke="${dk(c.b, 0.12)}" stroke-width="2"/><path d="M2 10L10 2" stroke="${lt(c.b, 0.12)}" stroke-width="1"/>`,
        tf,
      ),
  },
  mirror: {
    make: (id, c, tf) =>
      pat(
        id,
        34,
        34,
        `<rect width="34" height="34" fill="${c.b}"/><g stroke="${c.a}" stroke-width="2.2" stroke-dasharray="2 1.6"><circle cx="8" cy="8" r="7.5" fill="url(#sv)"/><circle cx="25" cy="25" r="7.5" fill="url(#sv)"/></g><path d="M25 2v4M23 4h4M8 23v4M6 25h4" stroke="${c.c || '#f2b705'}" stroke-width="1.6"/>`,
        tf,
      ),
  },
};
WEAVES.tussar = {
  sheen: true,
  make: (id, c, tf, R) => WEAVES.khadi.make(id, c, tf, R),
};

/** Zari border tile for a horizontal band starting at y. */
const borderPattern = (id, colour, y, tf = '') =>
  pat(
    id,
    40,
    64,
    `<rect width="40" height="64" fill="${colour}"/><path d="M0 6h40v4H0zM0 52h40v4H0z${flower(20, 31, 11, 6)}" fill="url(#gd)"/><path d="M0 18L10 28L0 38ZM40 18L30 28L40 38Z" fill="url(#gd)"/>`,
    tf,
    y,
  );

// ---------------------------------------------------------------- document builder

class Doc {
  constructor(w, h, title, seed) {
    Object.assign(this, { w, h, title, seed, defs: [], body: [], keys: new Set(), n: 0 });
  }
  use(name) {
    if (!this.keys.has(name)) {
      this.keys.add(name);
      this.defs.push(COMMON[name]);
    }
    return `url(#${name})`;
  }
  add(...s) {
    this.body.push(...s);
  }
  /** A fabric pattern fill; patternTransform scales it for close-ups. */
  fabric(weave, c, tf = '') {
    const key = `w:${weave}:${c.b}:${c.a}:${c.c}:${tf}`;
    if (!this.keys.has(key)) {
      const id = `w${this.n++}`;
      this.keys.add(key);
      this[key] = `url(#${id})`;
      this.use('gd');
      if (weave === 'mirror') this.use('sv');
      this.defs.push(WEAVES[weave].make(id, c, tf, rng(`${this.seed}:${key}`)));
    }
    return this[key];
  }
  border(colour, y, tf = '') {
    const key = `b:${colour}:${y}:${tf}`;
    if (!this.keys.has(key)) {
      const id = `b${this.n++}`;
      this.keys.add(key);
      this[key] = `url(#${id})`;
      this.use('gd');
      this.defs.push(borderPattern(id, colour, y, tf));
    }
    return this[key];
  }
  /** Fills d with the fabric plus body shading (and sheen for silks). */
  cloth(d, fill, { sheen = false, shade = 'sh', extra = '' } = {}) {
    const id = `s${this.n++}`;
    this.defs.push(`<path id="${id}" d="${d}"/>`);
    this.add(`<use href="#${id}" fill="${fill}"${extra}/>`);
    if (shade) this.add(`<use href="#${id}" fill="${this.use(shade)}"/>`);
    if (sheen) this.add(`<use href="#${id}" fill="${this.use('sn')}"/>`);
    return id;
  }
  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}" role="img" aria-labelledby="t"><title id="t">${esc(this.title)}</title><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>\n`;
  }
}

// ---------------------------------------------------------------- scenes (600 x 750 unless noted)

/** Studio backdrop: a pale linen cloth tinted towards the product colour, with a vignette. */
function backdrop(doc, tone, w = 600, h = 750) {
  const base = mix(lt(tone, 0.82), '#efe8dc', 0.5);
  doc.add(
    `<rect width="${w}" height="${h}" fill="${doc.fabric('linen', { b: base })}"/><rect width="${w}" height="${h}" fill="${base}" opacity=".5"/>`,
  );
  doc.add(`<rect width="${w}" height="${h}" fill="${doc.use('vg')}"/>`);
}

function shadow(doc, cx, cy, rx, ry = 16, o = 0.22) {
  doc.add(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" opacity="${o}" filter="${doc.use('bl')}"/>`);
}

function velvet(doc, colour, w = 600, h = 750) {
  const id = `v${doc.n++}`;
  doc.defs.push(
    `<radialGradient id="${id}" cx=".5" cy=".42" r=".8"><stop offset="0" stop-color="${lt(colour, 0.14)}"/><stop offset="1" stop-color="${dk(colour, 0.55)}"/></radialGradient>`,
  );
  doc.add(`<rect width="${w}" height="${h}" fill="url(#${id})"/>`);
}

const sheenOf = (weave) => Boolean(WEAVES[weave].sheen);

function kurtaPath(hem, hw) {
  return sym(
    [
      [38, 118],
      [95, 140],
      [130, 175, 122, 148],
      [180, 430],
      [135, 442],
      [88, 262],
      [hw, hem],
      [0, hem + 10, hw / 2, hem + 10],
    ],
    132,
  );
}

function kurta(doc, s, { hem = 640, hw = 96, fill } = {}) {
  const F = fill || doc.fabric(s.weave, s.c);
  doc.cloth(kurtaPath(hem, hw), F, { sheen: sheenOf(s.weave) });
  const tone = dk(s.c.b, 0.18);
  doc.add(
    `<path d="M262 118Q300 132 338 118L336 102Q300 114 264 102Z" fill="${tone}"/><path d="M294 128h12v150h-12z" fill="${tone}" opacity=".6"/>`,
  );
  doc.add(
    `<g fill="${s.opts.buttons || doc.use('pl')}">${[150, 185, 220, 255].map((y) => `<circle cx="300" cy="${y}" r="4"/>`).join('')}</g>`,
  );
  doc.add(
    `<path d="M150 330l12 4M452 330l-12 4M${300 - hw + 6} ${hem - 90}v80M${300 + hw - 6} ${hem - 90}v80" stroke="${dk(s.c.b, 0.35)}" stroke-width="2" opacity=".35"/>`,
  );
}

function sherwani(doc, s) {
  const F = doc.fabric(s.weave, s.c);
  const hem = 690;
  const hw = 112;
  doc.add(`<path d="M236 690l6 30h50l4-30zM304 690l4 30h50l6-30z" fill="#efe6d4"/>`);
  doc.cloth(kurtaPath(hem, hw), F, { sheen: sheenOf(s.weave) });
  const g = doc.use('gd');
  doc.add(`<path d="M262 118Q300 132 338 118L336 94Q300 106 264 94Z" fill="${g}"/>`);
  doc.add(
    `<path d="M${300 - hw + 2} ${hem - 30}Q300 ${hem - 20} ${300 + hw - 2} ${hem - 30}L${300 + hw} ${hem}Q300 ${hem + 10} ${300 - hw} ${hem}Z" fill="${g}" opacity=".9"/>`,
  );
  doc.add(`<path d="M126 400L173 412L165 442L120 430ZM474 400L427 412L435 442L480 430Z" fill="${g}"/>`);
  doc.add(`<path d="M300 126V${hem + 8}" stroke="${dk(s.c.b, 0.35)}" stroke-width="2.5"/>`);
  doc.add(
    `<g fill="${g}" stroke="${dk('#d4a53c', 0.4)}">${[150, 190, 230, 270, 310, 350, 390].map((y) => `<circle cx="300" cy="${y}" r="6"/>`).join('')}</g>`,
  );
  doc.add(`<path d="M340 190h36" stroke="${g}" stroke-width="5"/>`);
}

function nehru(doc, s) {
  kurta(
    doc,
    { ...s, opts: {}, c: { b: '#f3efe6' }, weave: 'cotton' },
    { hem: 660, hw: 94, fill: doc.fabric('cotton', { b: '#f3efe6' }) },
  );
  const F = doc.fabric(s.weave, s.c);
  const d = sym(
    [
      [37, 110],
      [84, 132],
      [100, 168, 102, 142],
      [84, 262, 84, 210],
      [94, 480],
      [0, 492, 50, 490],
    ],
    124,
  );
  doc.cloth(d, F, { sheen: sheenOf(s.weave) });
  const tone = dk(s.c.b, 0.3);
  doc.add(
    `<path d="M262 112Q300 126 338 112L336 92Q300 104 264 92Z" fill="${tone}"/><path d="M300 122V490" stroke="${tone}" stroke-width="2.5"/>`,
  );
  doc.add(
    `<g fill="${doc.use('gd')}">${[150, 215, 280, 345, 410].map((y) => `<circle cx="300" cy="${y}" r="5"/>`).join('')}</g>`,
  );
  doc.add(`<path d="M226 360l48-4M330 212l40-3" stroke="${tone}" stroke-width="4" stroke-linecap="round"/>`);
}

function kurtaSet(doc, s) {
  const pj = s.opts.bottom || '#f2ece0';
  doc.cloth('M228 520H372L362 712H310L300 560L290 712H238Z', doc.fabric('cotton', { b: pj }));
  kurta(doc, s, { hem: 560, hw: 98 });
}

function formNeck(doc) {
  doc.add(
    '<path d="M282 64h36v56h-36z" fill="#e7d9c2"/><ellipse cx="300" cy="64" rx="18" ry="6" fill="#d2c0a2"/>',
  );
}

function blouse(doc, colour, bottom = 250) {
  formNeck(doc);
  doc.cloth(
    sym(
      [
        [32, 112],
        [80, 124],
        [100, 150, 98, 130],
        [104, 200],
        [78, 205],
        [72, bottom],
        [0, bottom],
      ],
      140,
    ),
    doc.fabric('silk', { b: colour }),
    { sheen: true },
  );
}

function saree(doc, s) {
  const F = doc.fabric(s.weave, s.c);
  const sheen = sheenOf(s.weave);
  const border = s.opts.border || dk(s.c.b, 0.35);
  const g = doc.use('gd');
  doc.cloth('M196 150L240 124L190 612L112 592Z', F, { sheen });
  doc.add(
    `<path d="M122 552L196 566L190 612L112 592Z" fill="${doc.border(border, 552)}"/><path d="M118 598l-2 16M130 601l-2 16M142 604l-2 16M154 607l-2 16M166 610l-2 16M178 613l-2 16" stroke="${border}" stroke-width="3"/>`,
  );
  blouse(doc, s.opts.blouse || border);
  doc.cloth('M228 248h144v52H228z', '#e7d9c2');
  doc.cloth('M226 295L374 295Q392 500 440 710L170 710Q200 500 226 295Z', F, { sheen });
  doc.add(
    `<path d="${[0, 1, 2, 3, 4, 5, 6].map((i) => `M${262 + i * 9} 330L${236 + i * 15.7} 706`).join('')}" stroke="${dk(s.c.b, 0.3)}" stroke-width="2" opacity=".45"/>`,
  );
  doc.add(`<path d="M176 668L434 668L440 710L170 710Z" fill="${doc.border(border, 668)}"/>`);
  doc.cloth('M262 114L390 296L352 350L196 150Z', F, { sheen });
  doc.add(`<path d="M262 114L390 296M196 150L352 350" stroke="${g}" stroke-width="9"/>`);
}

function lehenga(doc, s) {
  const F = doc.fabric(s.weave, s.c);
  const g = doc.use('gd');
  blouse(doc, s.opts.blouse || dk(s.c.b, 0.15), 240);
  doc.cloth('M228 236h144v50H228z', '#e7d9c2');
  doc.cloth('M226 280L374 280Q440 480 510 700Q300 735 90 700Q160 480 226 280Z', F, {
    sheen: sheenOf(s.weave),
  });
  doc.add(
    `<path d="${[-4, -3, -2, -1, 0, 1, 2, 3, 4].map((k) => `M${300 + k * 12} 288L${300 + k * 46} 712`).join('')}" stroke="${dk(s.c.b, 0.35)}" stroke-width="2" opacity=".35"/>`,
  );
  doc.add(
    `<path d="M112 640Q300 672 488 640L510 700Q300 735 90 700Z" fill="${doc.border(s.opts.border || dk(s.c.b, 0.3), 640)}"/><path d="M224 276h152v14H224z" fill="${g}"/>`,
  );
  const dup = doc.fabric(s.opts.dupatta || 'chanderi', { b: s.opts.dupattaColour || lt(s.c.b, 0.2) });
  doc.add(
    `<path d="M198 140L250 116L476 560L424 604Z" fill="${dup}" opacity=".62"/><path d="M198 140L424 604M250 116L476 560" stroke="${g}" stroke-width="6"/>`,
  );
}

function kurti(doc, s) {
  doc.add(`<path d="M246 540h52l-6 168h-34zM302 540h52l-12 168h-34z" fill="${s.opts.bottom || '#efe8da'}"/>`);
  formNeck(doc);
  const d = sym(
    [
      [30, 112],
      [85, 128],
      [118, 160, 110, 138],
      [158, 330],
      [118, 342],
      [92, 240],
      [96, 300],
      [140, 560],
      [0, 576, 70, 576],
    ],
    150,
  );
  doc.cloth(d, doc.fabric(s.weave, s.c), { sheen: sheenOf(s.weave) });
  doc.add(
    `<path d="M266 116Q300 166 334 116" fill="none" stroke="${s.opts.trim || doc.use('gd')}" stroke-width="7" stroke-dasharray="3 3"/><path d="M300 150v70" stroke="${dk(s.c.b, 0.3)}" stroke-width="2"/>`,
  );
}

function suit(doc, s) {
  const dupF = doc.fabric(s.opts.dupatta || 'chanderi', {
    b: s.opts.dupattaColour || lt(s.c.b, 0.15),
    a: s.c.a,
    c: s.c.c,
  });
  const g = doc.use('gd');
  // The dupatta falls from both shoulders behind the arms and shows below the sleeves.
  doc.add(
    `<path d="M214 134L252 126L176 676L96 660ZM386 134L348 126L424 676L504 660Z" fill="${dupF}"/><path d="M104 604L184 620L176 676L96 660ZM496 604L416 620L424 676L504 660Z" fill="${g}" opacity=".9"/>`,
  );
  doc.add(
    `<path d="M214 134L252 126L176 676L96 660ZM386 134L348 126L424 676L504 660Z" fill="${doc.use('fd')}"/>`,
  );
  doc.cloth(
    'M212 586h88l-4 124h-96zM300 586h88l12 124h-96z',
    doc.fabric('cotton', { b: s.opts.bottom || '#f1eadc' }),
  );
  formNeck(doc);
  const d = sym(
    [
      [30, 112],
      [85, 128],
      [118, 160, 110, 138],
      [156, 370],
      [116, 380],
      [92, 240],
      [102, 610],
      [0, 618, 50, 618],
    ],
    150,
  );
  doc.cloth(d, doc.fabric(s.weave, s.c), { sheen: sheenOf(s.weave) });
  doc.cloth('M206 132Q300 330 394 132L378 126Q300 286 222 126Z', dupF, { extra: ' opacity=".92"' });
  doc.add(`<path d="M206 132Q300 330 394 132" fill="none" stroke="${g}" stroke-width="4"/>`);
}

/** Cloth hanging from a rail or hanger, with folds, an optional zari border and fringe. */
function hangingCloth(doc, s, x0, x1, top, bot, { border, fringe = false, weave = s.weave } = {}) {
  const F = doc.fabric(weave, s.c);
  const n = Math.max(2, Math.round((x1 - x0) / 70));
  const bx0 = x0 - 18;
  const bx1 = x1 + 18;
  const w = (bx1 - bx0) / n;
  let d = `M${x0} ${top}H${x1}L${bx1} ${bot}`;
  for (let i = 0; i < n; i++) d += `Q${f(bx1 - (i + 0.5) * w)} ${bot + 16} ${f(bx1 - (i + 1) * w)} ${bot}`;
  d += 'Z';
  const id = doc.cloth(d, F, { sheen: sheenOf(weave), shade: 'fd' });
  if (border) {
    const clip = `c${doc.n++}`;
    doc.defs.push(`<clipPath id="${clip}"><use href="#${id}"/></clipPath>`);
    doc.add(
      `<g clip-path="url(#${clip})"><rect x="${bx0 - 20}" y="${bot - 56}" width="${bx1 - bx0 + 40}" height="80" fill="${doc.border(border, bot - 56)}"/><path d="M${x0 + 8} ${top}L${bx0 + 8} ${bot}M${x1 - 8} ${top}L${bx1 - 8} ${bot}" stroke="${border}" stroke-width="14"/><path d="M${x0 + 16} ${top}L${bx0 + 16} ${bot}M${x1 - 16} ${top}L${bx1 - 16} ${bot}" stroke="${doc.use('gd')}" stroke-width="3"/><use href="#${id}" fill="${doc.use('fd')}"/></g>`,
    );
  }
  if (fringe) {
    let fr = '';
    for (let x = bx0 + 6; x < bx1 - 4; x += 9) fr += `M${f(x)} ${bot + 4}v${22 + ((x * 7) % 9)}`;
    doc.add(`<path d="${fr}" stroke="${border || dk(s.c.b, 0.2)}" stroke-width="3" stroke-linecap="round"/>`);
  }
}

function rail(doc, y, x0 = 60, x1 = 540) {
  doc.add(
    `<rect x="${x0}" y="${y - 9}" width="${x1 - x0}" height="18" rx="9" fill="${doc.use('wd')}"/><circle cx="${x0}" cy="${y}" r="15" fill="${doc.use('wd')}"/><circle cx="${x1}" cy="${y}" r="15" fill="${doc.use('wd')}"/>`,
  );
}

function hanger(doc) {
  doc.add(
    '<path d="M300 118V92Q300 70 318 70Q336 70 336 88" fill="none" stroke="#8a8a8a" stroke-width="5"/>',
  );
  doc.add(
    `<path d="M146 152L300 112L454 152Z" fill="none" stroke="${doc.use('wd')}" stroke-width="10" stroke-linejoin="round"/>`,
  );
}

function dupatta(doc, s) {
  hanger(doc);
  hangingCloth(doc, s, 160, 440, 150, 690, { border: s.opts.border || dk(s.c.b, 0.35), fringe: true });
  doc.add(`<path d="M146 152H454" stroke="${doc.use('wd')}" stroke-width="10" stroke-linecap="round"/>`);
}

function stole(doc, s) {
  hanger(doc);
  hangingCloth(doc, s, 210, 390, 150, 680, { border: s.opts.border, fringe: true });
  doc.add(`<path d="M146 152H454" stroke="${doc.use('wd')}" stroke-width="10" stroke-linecap="round"/>`);
}

/** A rod with the fabric hanging in folds: the "draped view". */
function drape(doc, s) {
  hangingCloth(doc, s, 110, 490, 92, 700, {
    border: s.opts.border,
    fringe: s.kind === 'stole' || s.kind === 'dupatta',
  });
  rail(doc, 88);
}

/** A folded length of fabric on a table, with a tailor's tape. */
function folded(doc, s) {
  const F = doc.fabric(s.weave, s.c);
  const sheen = sheenOf(s.weave);
  shadow(doc, 300, 620, 230, 22);
  doc.add('<g transform="rotate(-4 300 450)">');
  doc.cloth('M104 468H496V588Q496 604 480 604H120Q104 604 104 588Z', F, { shade: 'fe' });
  doc.add(`<path d="M110 530H490M110 560H490" stroke="${dk(s.c.b, 0.3)}" stroke-width="2" opacity=".5"/>`);
  doc.cloth('M110 250H490V450Q490 470 470 470H130Q110 470 110 450Z', F, { sheen, shade: false });
  doc.cloth('M110 440H490V456Q490 476 470 476H130Q110 476 110 456Z', F, { shade: 'fe' });
  doc.add(
    `<path d="M416 250L490 250L490 324Z" fill="${lt(s.c.b, 0.28)}"/><path d="M416 250L490 324" stroke="${dk(s.c.b, 0.3)}" stroke-width="2"/>`,
  );
  if (s.opts.border) doc.add(`<path d="M110 410H490V440H110z" fill="${doc.border(s.opts.border, 380)}"/>`);
  doc.add('</g>');
  tape(doc);
}

function tape(doc) {
  let ticks = '';
  for (let x = 8; x < 270; x += 13) ticks += `M${x} 0v${x % 65 === 8 ? 12 : 7}`;
  doc.add(
    `<g transform="translate(70 650) rotate(-14)"><rect width="280" height="26" fill="#f2c94c"/><path d="${ticks}" stroke="#333" stroke-width="1.5"/></g>`,
  );
}

/** Three folded pieces (kurta, bottom and dupatta fabric) fanned out. */
function dressMaterial(doc, s) {
  shadow(doc, 300, 640, 240, 22);
  const pieces = [
    [s.opts.dupatta || 'chanderi', { b: s.c.c || lt(s.c.b, 0.2), a: s.c.a }, -10, 120, 210],
    ['cotton', { b: s.c.a }, 6, 230, 330],
    [s.weave, s.c, -3, 330, 440],
  ];
  for (const [weave, c, rot, y, y2] of pieces) {
    const F = doc.fabric(weave, c);
    doc.add(`<g transform="rotate(${rot} 300 ${y2})">`);
    doc.cloth(
      `M120 ${y}H480V${y2 + 110}Q480 ${y2 + 130} 460 ${y2 + 130}H140Q120 ${y2 + 130} 120 ${y2 + 110}Z`,
      F,
      { sheen: sheenOf(weave), shade: false },
    );
    doc.cloth(
      `M120 ${y2 + 100}H480V${y2 + 112}Q480 ${y2 + 132} 460 ${y2 + 132}H140Q120 ${y2 + 132} 120 ${y2 + 112}Z`,
      F,
      { shade: 'fe' },
    );
    doc.add('</g>');
  }
  tape(doc);
}

/** Full-frame close-up of the weave, with a soft fold and (for sarees, dupattas) the border. */
function swatch(doc, s) {
  const z = s.kind === 'jutti' || s.kind === 'potli' || s.kind === 'clutch' ? 2.6 : 2.2;
  const F = doc.fabric(s.weave, s.c, `scale(${z})`);
  doc.add(`<rect width="600" height="750" fill="${F}"/>`);
  if (s.opts.border)
    doc.add(
      `<rect y="560" width="600" height="190" fill="${doc.border(s.opts.border, 560, 'scale(2.2)')}"/>`,
    );
  if (sheenOf(s.weave)) doc.add(`<rect width="600" height="750" fill="${doc.use('sn')}"/>`);
  const id = `g${doc.n++}`;
  doc.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2=".6"><stop offset=".38" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity=".2"/><stop offset=".56" stop-opacity=".26"/><stop offset=".72" stop-opacity="0"/></linearGradient>`,
  );
  doc.add(
    `<rect width="600" height="750" fill="url(#${id})"/><rect width="600" height="750" fill="${doc.use('vg')}"/>`,
  );
}

// Accessories ---------------------------------------------------------------

function jutti(doc, s) {
  const F = doc.fabric(s.weave, s.c, 'scale(.8)');
  const upper = s.opts.upper || dk(s.c.b, 0.1);
  const g = doc.use('gd');
  const vamp = 'M146 84Q236 30 326 72Q344 82 360 84Q310 118 244 122Q180 120 146 84Z';
  const one = (tf) => {
    doc.add(`<g transform="${tf}">`);
    doc.cloth(
      'M8 132L6 80Q8 68 22 72Q70 90 146 84Q236 30 326 72Q362 90 388 52Q400 42 398 62Q394 100 370 124Q346 138 300 138H8Z',
      upper,
      { sheen: true, shade: false },
    );
    doc.cloth('M6 130H318Q366 128 388 86Q398 116 374 136Q350 150 300 150H12Q2 150 6 130Z', dk(upper, 0.55), {
      shade: false,
    });
    doc.add(
      `<path d="${vamp}" fill="${F}"/><path d="${vamp}" fill="none" stroke="${g}" stroke-width="4"/><path d="M12 104Q70 118 140 108" fill="none" stroke="${g}" stroke-width="4" stroke-dasharray="6 4"/><path d="M24 78Q80 96 146 86Q90 104 26 88Z" fill="#2a1a10" opacity=".6"/><path d="M8 132H330" stroke="${g}" stroke-width="2" stroke-dasharray="3 3"/>`,
    );
    doc.add('</g>');
  };
  shadow(doc, 300, 578, 240, 18);
  shadow(doc, 320, 478, 210, 14, 0.15);
  one('translate(112 246) scale(1.08 1.5)');
  one('translate(72 348) scale(1.08 1.5)');
}

function kolhapuri(doc, s) {
  const F = doc.fabric('leather', s.c);
  const strap = s.opts.strap || dk(s.c.b, 0.15);
  const sole =
    'M0-150C38-150 54-112 50-62C47-22 36 8 40 58C43 108 34 150 0 152C-34 150-43 108-40 58C-36 8-47-22-50-62C-54-112-38-150 0-150Z';
  const one = (tf) => {
    doc.add(
      `<g transform="${tf}"><path d="${sole}" transform="scale(1.08 1.05)" fill="${dk(s.c.b, 0.45)}"/>`,
    );
    doc.cloth(sole, F, { shade: 'sh' });
    doc.add(
      `<path d="${sole}" transform="scale(.9)" fill="none" stroke="${dk(s.c.b, 0.35)}" stroke-width="2" stroke-dasharray="4 4"/>`,
    );
    doc.add(
      `<path d="M-56-44Q0-74 56-44L52 4Q0-26-52 4Z" fill="${strap}"/><path d="M-54-20Q0-50 54-20" fill="none" stroke="${lt(strap, 0.3)}" stroke-width="6" stroke-dasharray="5 4"/><path d="M-22-102L-8-56" stroke="${strap}" stroke-width="7"/><circle cx="-22" cy="-112" r="9" fill="none" stroke="${strap}" stroke-width="5"/>`,
    );
    doc.add('</g>');
  };
  shadow(doc, 300, 560, 200, 24);
  one('translate(214 390) rotate(-7)');
  one('translate(386 390) scale(-1 1) rotate(-7)');
}

function jhumkaOne(doc, s, metal) {
  const stone = s.c.a;
  let drops = '';
  let pearls = '';
  for (let i = -6; i <= 6; i++) {
    drops += `M${f(i * 11.5)} 50v${i % 2 ? 14 : 24}`;
    pearls += `<circle cx="${f(i * 11.5)}" cy="${i % 2 ? 70 : 80}" r="6"/>`;
  }
  return `<path d="M0-150V-172Q0-194 18-194Q36-194 36-176" fill="none" stroke="${metal}" stroke-width="4"/><path d="${flower(0, -130, 26, 8)}" fill="${metal}"/><circle cy="-130" r="9" fill="${stone}"/><circle cy="-96" r="7" fill="none" stroke="${metal}" stroke-width="4"/><path d="M-70 44Q-72-86 0-86Q72-86 70 44Z" fill="${metal}"/><path d="M-62 6Q0-26 62 6M-50-36Q0-62 50-36" fill="none" stroke="${dk('#8a6218', 0.2)}" stroke-width="4" stroke-dasharray="1 6" stroke-linecap="round"/><g fill="${stone}"><circle cy="-50" r="8"/><circle cx="-32" cy="-14" r="6"/><circle cx="32" cy="-14" r="6"/><circle cy="8" r="7"/></g><ellipse cy="44" rx="76" ry="11" fill="${metal}"/><path d="${drops}" stroke="${metal}" stroke-width="2"/><g fill="${doc.use('pl')}">${pearls}</g>`;
}

function jhumka(doc, s) {
  velvet(doc, s.c.b);
  const metal = doc.use(s.opts.metal === 'silver' ? 'sv' : 'gd');
  shadow(doc, 300, 520, 200, 18, 0.35);
  doc.add(
    `<g id="jh" transform="translate(190 380) rotate(6)">${jhumkaOne(doc, s, metal)}</g><use href="#jh" transform="translate(220 0) rotate(-12 190 380)"/>`,
  );
}

function necklace(doc, s) {
  velvet(doc, s.c.b);
  doc.cloth(
    'M238 0H362V170Q364 212 470 250Q600 292 600 360V750H0V360Q0 292 130 250Q236 212 238 170Z',
    lt(s.c.b, 0.08),
    { shade: 'sh' },
  );
  const g = doc.use('gd');
  const P = (t) => {
    const u = 1 - t;
    return [u * u * 196 + 2 * u * t * 300 + t * t * 404, u * u * 210 + 2 * u * t * 410 + t * t * 210];
  };
  doc.add(
    `<path d="M196 210Q214 140 244 110M404 210Q386 140 356 110" fill="none" stroke="${g}" stroke-width="4"/><path d="M196 210Q300 410 404 210" fill="none" stroke="${g}" stroke-width="36"/>`,
  );
  let stones = '';
  let drops = '';
  for (let i = 0; i <= 10; i++) {
    const [x, y] = P(0.04 + i * 0.092);
    stones += `<circle cx="${f(x)}" cy="${f(y)}" r="12"/>`;
    drops += `<path d="M${f(x)} ${f(y + 20)}q-9 14 0 24q9-10 0-24z"/>`;
  }
  doc.add(
    `<g fill="${doc.use('kd')}" stroke="${g}" stroke-width="3">${stones}</g><g fill="${s.c.a}" stroke="${g}" stroke-width="2">${drops}</g>`,
  );
  const [cx, cy] = P(0.5);
  doc.add(
    `<path d="M${f(cx)} ${f(cy + 14)}q-40 34 0 84q40-50 0-84z" fill="${g}"/><path d="M${f(cx)} ${f(cy + 28)}q-24 24 0 54q24-30 0-54z" fill="${s.c.c || '#b3122e'}"/><g fill="${doc.use('pl')}"><circle cx="${f(cx)}" cy="${f(cy + 110)}" r="8"/><circle cx="${f(cx - 22)}" cy="${f(cy + 92)}" r="6"/><circle cx="${f(cx + 22)}" cy="${f(cy + 92)}" r="6"/></g>`,
  );
}

function bangles(doc, s) {
  velvet(doc, s.c.b);
  shadow(doc, 300, 590, 200, 20, 0.4);
  const g = doc.use('gd');
  for (let i = 0; i < 4; i++) {
    const y = 540 - i * 58;
    const enamel = i % 2 ? s.c.a : s.c.c;
    doc.add(
      `<ellipse cx="300" cy="${y}" rx="160" ry="52" fill="none" stroke="${dk('#8a6218', 0.3)}" stroke-width="34"/><ellipse cx="300" cy="${y - 4}" rx="160" ry="52" fill="none" stroke="${g}" stroke-width="30"/><ellipse cx="300" cy="${y - 4}" rx="160" ry="52" fill="none" stroke="${enamel}" stroke-width="12" stroke-dasharray="16 10"/><ellipse cx="300" cy="${y - 4}" rx="160" ry="52" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="0 13" stroke-linecap="round" opacity=".9"/>`,
    );
  }
}

function potli(doc, s) {
  const F = doc.fabric(s.weave, s.c);
  const g = doc.use('gd');
  shadow(doc, 300, 600, 150, 18);
  doc.add(
    `<path d="M262 296Q226 120 300 108Q374 120 338 296" fill="none" stroke="${s.opts.cord || g}" stroke-width="6"/>`,
  );
  doc.cloth('M232 300Q212 250 246 232Q272 250 300 230Q328 250 354 232Q388 250 368 300Z', F, { sheen: true });
  doc.cloth('M230 296Q140 420 188 546Q300 600 412 546Q460 420 370 296Z', F, { sheen: true });
  doc.add(
    `<path d="M226 300Q300 322 374 300" fill="none" stroke="${g}" stroke-width="11"/><circle cx="300" cy="444" r="50" fill="none" stroke="${g}" stroke-width="6" stroke-dasharray="2 5"/><path d="${flower(300, 444, 36, 8)}" fill="${g}"/><circle cx="300" cy="444" r="10" fill="${s.c.a}"/><path d="M232 306L206 420M368 306L394 420" stroke="${g}" stroke-width="3"/><path d="M196 414h20l8 52h-36zM384 414h20l8 52h-36z" fill="${s.opts.tassel || s.c.a}"/>`,
  );
}

function clutch(doc, s) {
  const F = doc.fabric(s.weave, s.c);
  const g = doc.use('gd');
  shadow(doc, 300, 540, 200, 16);
  doc.add(
    `<path d="M150 320Q160 170 300 160Q440 170 450 320" fill="none" stroke="${g}" stroke-width="5" stroke-dasharray="7 4"/>`,
  );
  doc.cloth('M130 320Q130 300 152 300H448Q470 300 470 320V510Q470 530 448 530H152Q130 530 130 510Z', F, {
    sheen: true,
  });
  doc.cloth('M130 322Q130 300 152 300H448Q470 300 470 322V370L300 450L130 370Z', F, { sheen: true });
  doc.add(
    `<path d="M130 370L300 450L470 370" fill="none" stroke="${g}" stroke-width="6"/><circle cx="300" cy="442" r="18" fill="${g}"/><circle cx="300" cy="442" r="8" fill="${s.c.a}"/>`,
  );
}

function jhola(doc, s) {
  const F = doc.fabric(s.weave, s.c);
  shadow(doc, 300, 660, 200, 18);
  doc.add(
    `<path d="M210 266V170Q210 118 262 118H338Q390 118 390 170V266" fill="none" stroke="${s.c.a}" stroke-width="26"/>`,
  );
  doc.cloth('M150 260H450L472 644H128Z', F);
  doc.add(
    `<path d="M156 276H444M150 300H450" stroke="${dk(s.c.b, 0.35)}" stroke-width="2" stroke-dasharray="6 5"/><path d="M150 260H450" stroke="${s.c.a}" stroke-width="10"/>`,
  );
}

const SCENES = {
  kurta,
  sherwani,
  nehru,
  kurtaset: kurtaSet,
  saree,
  lehenga,
  kurti,
  suit,
  dupatta,
  stole,
  fabric: folded,
  dress: dressMaterial,
  jutti,
  kolhapuri,
  jhumka,
  necklace,
  bangles,
  potli,
  clutch,
  jhola,
};

// Close-ups for accessories: the main scene, zoomed on an interesting part.
const zoomAt = (x, y, k) => `translate(${f(300 - k * x)} ${f(375 - k * y)}) scale(${k})`;
const ZOOM = {
  jutti: zoomAt(330, 480, 2.1),
  kolhapuri: zoomAt(214, 350, 1.7),
  jhumka: zoomAt(190, 380, 2.1),
  necklace: zoomAt(300, 330, 2.1),
  bangles: zoomAt(300, 420, 2),
  potli: zoomAt(300, 430, 2.2),
};

const VELVET = new Set(['jhumka', 'necklace', 'bangles']);

function render(s, shot) {
  const titles = {
    m: s.title,
    d: `${s.title}, close-up of the ${s.detail || 'fabric'}`,
    r: `${s.title}, draped view`,
  };
  const doc = new Doc(600, 750, titles[shot], `${s.slug}-${shot}`);
  if (shot === 'd' && ZOOM[s.kind]) {
    // Velvet scenes paint their own full-frame background, which the zoom simply enlarges.
    if (!VELVET.has(s.kind)) backdrop(doc, s.c.b);
    doc.add(`<g transform="${ZOOM[s.kind]}">`);
    SCENES[s.kind](doc, s);
    doc.add('</g>');
  } else if (shot === 'd') {
    swatch(doc, s);
  } else if (shot === 'r') {
    backdrop(doc, s.c.b);
    drape(doc, s);
  } else {
    if (!VELVET.has(s.kind)) backdrop(doc, s.c.b);
    if (['kurta', 'sherwani', 'nehru', 'kurtaset', 'saree', 'lehenga', 'kurti', 'suit'].includes(s.kind))
      shadow(doc, 300, 712, 190, 16, 0.18);
    SCENES[s.kind](doc, s);
  }
  return doc.toString();
}

// ---------------------------------------------------------------- product image specs
// [slug, kind, weave, [base, accent, third], shots (m = main, d = detail, r = drape), title, opts]

const PRODUCTS = [
  // Men
  [
    'men-kurta-white-chikankari',
    'kurta',
    'chikankari',
    ['#f7f4ec', '#cbbfa6'],
    'mdr',
    'White chikankari cotton kurta',
    { buttons: '#e8dfcc' },
  ],
  ['men-kurta-indigo-khadi', 'kurta', 'khadi', ['#2d3f6e'], 'md', 'Indigo handspun khadi kurta'],
  ['men-kurta-mustard-linen', 'kurta', 'linen', ['#d2a02a'], 'md', 'Mustard linen kurta'],
  ['men-kurta-maroon-raw-silk', 'kurta', 'tussar', ['#7a1f2b'], 'mdr', 'Maroon raw silk kurta'],
  // Colour variants: the image a product page shows when that colour is chosen.
  ['men-kurta-bottle-green-raw-silk', 'kurta', 'tussar', ['#1f4d3a'], 'm', 'Bottle green raw silk kurta'],
  ['men-kurta-olive-linen', 'kurta', 'linen', ['#6b7a3a'], 'm', 'Olive green linen kurta'],
  ['men-kurta-sky-blue-mulmul', 'kurta', 'cotton', ['#a9cbe6'], 'm', 'Sky blue mulmul cotton kurta'],
  [
    'men-kurta-pochampally-ikat',
    'kurta',
    'ikat',
    ['#1d1d22', '#b8322c', '#e9e2d3'],
    'md',
    'Black and red Pochampally ikat kurta',
  ],
  [
    'men-sherwani-ivory-banarasi',
    'sherwani',
    'brocade',
    ['#efe4cc', '#b8863a'],
    'mdr',
    'Ivory Banarasi brocade sherwani',
  ],
  [
    'men-sherwani-royal-blue-velvet',
    'sherwani',
    'velvet',
    ['#203b8c'],
    'mdr',
    'Royal blue velvet sherwani with zardozi',
  ],
  ['men-sherwani-champagne-silk', 'sherwani', 'silk', ['#d9c096'], 'md', 'Champagne raw silk sherwani'],
  [
    'men-sherwani-maroon-jamawar',
    'sherwani',
    'jamawar',
    ['#6b1424', '#8f2c3a'],
    'md',
    'Maroon jamawar sherwani',
  ],
  ['men-nehru-charcoal-khadi', 'nehru', 'khadi', ['#3c3e42'], 'md', 'Charcoal khadi Nehru jacket'],
  [
    'men-nehru-antique-gold-brocade',
    'nehru',
    'brocade',
    ['#7e5f24', '#5b1a1a'],
    'md',
    'Antique gold brocade Nehru jacket',
  ],
  [
    'men-nehru-bottle-green-tussar',
    'nehru',
    'tussar',
    ['#1f4d3a'],
    'md',
    'Bottle green tussar silk Nehru jacket',
  ],
  ['men-nehru-navy-linen', 'nehru', 'linen', ['#24314f'], 'm', 'Navy linen Nehru jacket'],
  ['men-nehru-beige-linen', 'nehru', 'linen', ['#d8c8a4'], 'm', 'Beige linen Nehru jacket'],
  ['men-kurta-set-saffron-silk', 'kurtaset', 'silk', ['#e07b1a'], 'mdr', 'Saffron silk kurta pyjama set'],
  [
    'men-kurta-set-ivory-chanderi',
    'kurtaset',
    'chanderi',
    ['#efe7d4'],
    'md',
    'Ivory chanderi kurta set',
    { bottom: '#f7f3ea' },
  ],
  ['men-kurta-set-pastel-pink', 'kurtaset', 'cotton', ['#f0c3c6'], 'm', 'Pastel pink cotton kurta set'],
  [
    'men-kurta-set-peacock-jacquard',
    'kurtaset',
    'brocade',
    ['#0e6b78', '#0a4f59', '#2d8b97'],
    'md',
    'Peacock blue jacquard kurta set',
    { bottom: '#efe6d2' },
  ],
  // Women
  [
    'women-saree-red-banarasi',
    'saree',
    'brocade',
    ['#a3151f', '#5c0a12'],
    'mdr',
    'Red Banarasi katan silk saree',
    { border: '#5c0a12' },
  ],
  [
    'women-saree-mustard-kanjeevaram',
    'saree',
    'zaricheck',
    ['#d9a21b'],
    'mdr',
    'Mustard Kanjeevaram silk saree',
    { border: '#a3124f' },
  ],
  [
    'women-saree-peach-chanderi',
    'saree',
    'chanderi',
    ['#f2b79a'],
    'md',
    'Peach chanderi silk cotton saree',
    { border: '#c46a4e' },
  ],
  [
    'women-saree-indigo-ikat',
    'saree',
    'ikat',
    ['#243a73', '#e8dcc4', '#b23a2a'],
    'md',
    'Indigo Pochampally ikat cotton saree',
    { border: '#7a1e1e' },
  ],
  [
    'women-saree-rani-bandhani',
    'saree',
    'bandhani',
    ['#d1176b', '#fff1c9'],
    'md',
    'Rani pink bandhani georgette saree',
    { border: '#f2a900' },
  ],
  [
    'women-saree-natural-tussar',
    'saree',
    'tussar',
    ['#e6d3a8'],
    'mdr',
    'Natural tussar silk saree',
    { border: '#8a1c2b' },
  ],
  [
    'women-suit-mint-chikankari',
    'suit',
    'chikankari',
    ['#bfe3d0', '#ffffff'],
    'mdr',
    'Mint chikankari anarkali suit set',
    { bottom: '#f4efe4', dupattaColour: '#f6f3ea' },
  ],
  [
    'women-suit-yellow-block-print',
    'suit',
    'blockprint',
    ['#f2c230', '#b8322c', '#2a5d3a'],
    'md',
    'Yellow Sanganeri block print suit set',
    { dupatta: 'cotton', dupattaColour: '#f7dc84', bottom: '#f5ecd6' },
  ],
  [
    'women-suit-teal-chanderi',
    'suit',
    'chanderi',
    ['#127475'],
    'md',
    'Teal chanderi suit set with zari dupatta',
    { dupatta: 'zaricheck', dupattaColour: '#b9923f' },
  ],
  [
    'women-suit-black-bandhani',
    'suit',
    'bandhani',
    ['#17171b', '#f4d03f'],
    'md',
    'Black bandhani silk suit set',
    { dupatta: 'bandhani', dupattaColour: '#b3121f', bottom: '#1f1f24' },
  ],
  [
    'women-kurti-lavender-mulmul',
    'kurti',
    'cotton',
    ['#b9a6d6'],
    'm',
    'Lavender mulmul kurti',
    { trim: '#ffffff' },
  ],
  [
    'women-kurti-peach-mulmul',
    'kurti',
    'cotton',
    ['#f2b8a0'],
    'm',
    'Peach mulmul kurti',
    { trim: '#ffffff' },
  ],
  [
    'women-kurti-sage-mulmul',
    'kurti',
    'cotton',
    ['#a8b89a'],
    'm',
    'Sage green mulmul kurti',
    { trim: '#ffffff' },
  ],
  // Colour variants of the two kurtis above, sold in maroon too.
  [
    'women-kurti-maroon-mulmul',
    'kurti',
    'cotton',
    ['#7a1f2b'],
    'm',
    'Maroon mulmul kurti',
    { trim: '#ffffff' },
  ],
  [
    'women-kurti-maroon-dabu',
    'kurti',
    'blockprint',
    ['#6e1b26', '#efe3d0', '#b98a7a'],
    'm',
    'Maroon dabu print kurti',
    { trim: '#efe3d0' },
  ],
  [
    'women-kurti-indigo-dabu',
    'kurti',
    'blockprint',
    ['#23365e', '#dfe6f0', '#9fb3d1'],
    'md',
    'Indigo dabu print kurti',
    { trim: '#dfe6f0' },
  ],
  ['women-kurti-coral-linen', 'kurti', 'linen', ['#ef7b63'], 'md', 'Coral linen kurti'],
  [
    'women-kurti-white-chikankari',
    'kurti',
    'chikankari',
    ['#fbfaf6', '#cfc6b4'],
    'md',
    'White chikankari georgette kurti',
    { trim: '#d9d0bd' },
  ],
  [
    'women-lehenga-crimson-bridal',
    'lehenga',
    'brocade',
    ['#9e0f22', '#d4a53c'],
    'mdr',
    'Crimson bridal zardozi lehenga',
    { border: '#5e0814', dupattaColour: '#c42a3c' },
  ],
  [
    'women-lehenga-blush-organza',
    'lehenga',
    'chanderi',
    ['#f4c9d2'],
    'md',
    'Blush pink organza lehenga',
    { border: '#d98a9c', blouse: '#e9a9b8' },
  ],
  [
    'women-lehenga-leheriya',
    'lehenga',
    'leheriya',
    ['#e8542f', '#f6c945', '#2b7a78'],
    'md',
    'Leheriya cotton silk lehenga',
    { border: '#2b7a78', dupattaColour: '#f6c945' },
  ],
  [
    'women-dupatta-green-bandhani',
    'dupatta',
    'bandhani',
    ['#1f7a3a', '#fff3c4'],
    'md',
    'Green bandhani gajji silk dupatta',
    { border: '#b8141f' },
  ],
  [
    'women-dupatta-magenta-banarasi',
    'dupatta',
    'brocade',
    ['#b0125e', '#6a0c39'],
    'mdr',
    'Magenta Banarasi silk dupatta',
    { border: '#6a0c39' },
  ],
  [
    'women-dupatta-ivory-phulkari',
    'dupatta',
    'phulkari',
    ['#f3ead6', '#e8631c', '#f2b705'],
    'md',
    'Ivory phulkari dupatta',
    { border: '#e8631c' },
  ],
  // Accessories
  [
    'acc-jutti-men-maroon-zari',
    'jutti',
    'brocade',
    ['#4a1420', '#d4a53c'],
    'md',
    "Men's maroon zari embroidered jutti",
    { upper: '#5a1a24' },
  ],
  [
    'acc-jutti-women-mirror',
    'jutti',
    'mirror',
    ['#c2185b', '#f2b705'],
    'md',
    "Women's mirror work jutti",
    { upper: '#d81b60' },
  ],
  ['acc-kolhapuri-tan', 'kolhapuri', 'leather', ['#a8642a'], 'md', 'Handcrafted tan Kolhapuri chappal'],
  [
    'acc-kolhapuri-blush',
    'kolhapuri',
    'leather',
    ['#dcae96'],
    'm',
    "Women's blush Kolhapuri flats",
    { strap: '#c9a14a' },
  ],
  [
    'acc-jhumka-temple-gold',
    'jhumka',
    'silk',
    ['#5a1026', '#b3122e'],
    'md',
    'Gold-plated temple jhumka earrings',
    { detail: 'jhumka' },
  ],
  [
    'acc-necklace-kundan-choker',
    'necklace',
    'silk',
    ['#0f2a4a', '#1d7a4a', '#b3122e'],
    'md',
    'Kundan choker necklace set',
    { detail: 'pendant' },
  ],
  [
    'acc-jhumka-oxidised-silver',
    'jhumka',
    'silk',
    ['#26231f', '#2a7a8a'],
    'm',
    'Oxidised silver jhumka earrings',
    { metal: 'silver' },
  ],
  [
    'acc-bangles-meenakari',
    'bangles',
    'silk',
    ['#0f3d2e', '#c0392b', '#1b5e9c'],
    'md',
    'Meenakari bangle set of four',
    { detail: 'enamel work' },
  ],
  [
    'acc-stole-kani-pashmina',
    'stole',
    'jamawar',
    ['#cbb994', '#7a1f2b', '#1f4d3a'],
    'md',
    'Kani pashmina stole',
    { border: '#7a1f2b' },
  ],
  ['acc-stole-teal-ikat', 'stole', 'ikat', ['#0e5e6f', '#f0e6d0'], 'md', 'Teal ikat cotton stole'],
  [
    'acc-stole-grey-khadi-wool',
    'stole',
    'wool',
    ['#6b6e70'],
    'md',
    'Grey khadi wool stole',
    { border: '#3e4144' },
  ],
  ['acc-potli-zardozi', 'potli', 'silk', ['#7a1530', '#1d7a4a'], 'md', 'Zardozi silk potli bag'],
  ['acc-clutch-navy-brocade', 'clutch', 'brocade', ['#14213d', '#b3122e'], 'md', 'Navy brocade clutch'],
  [
    'acc-jhola-block-print',
    'jhola',
    'blockprint',
    ['#f3ead6', '#1f3a73', '#b8322c'],
    'm',
    'Block print cotton jhola bag',
  ],
  // Unstitched fabrics
  ['fabric-silk-emerald-mulberry', 'fabric', 'silk', ['#0f6b4f'], 'mdr', 'Emerald pure mulberry silk fabric'],
  ['fabric-silk-natural-tussar', 'fabric', 'tussar', ['#d8c39a'], 'md', 'Natural tussar silk fabric'],
  [
    'fabric-silk-powder-blue-chanderi',
    'fabric',
    'chanderi',
    ['#b7d3ea'],
    'md',
    'Powder blue chanderi silk fabric with gold butis',
  ],
  [
    'fabric-cotton-indigo-sanganeri',
    'fabric',
    'blockprint',
    ['#1f3a73', '#f3ead6', '#d9a21b'],
    'md',
    'Indigo Sanganeri block print cotton fabric',
  ],
  [
    'fabric-cotton-natural-khadi',
    'fabric',
    'khadi',
    ['#e6dcc6'],
    'mdr',
    'Natural handspun khadi cotton fabric',
  ],
  [
    'fabric-cotton-black-ikat',
    'fabric',
    'ikat',
    ['#1b1b1f', '#f2efe6', '#9a9a9a'],
    'md',
    'Black and white ikat cotton fabric',
  ],
  [
    'fabric-brocade-red-banarasi',
    'fabric',
    'brocade',
    ['#a3151f', '#5c0a12'],
    'mdr',
    'Red and gold Banarasi brocade fabric',
  ],
  [
    'fabric-brocade-royal-blue-kimkhab',
    'fabric',
    'brocade',
    ['#1f3a8a', '#b3122e'],
    'md',
    'Royal blue kimkhab silk brocade fabric',
    { border: '#15285e' },
  ],
  [
    'fabric-brocade-black-jacquard',
    'fabric',
    'jamawar',
    ['#161616', '#2e2e2e'],
    'md',
    'Black and gold jacquard brocade fabric',
  ],
  [
    'fabric-dress-peach-chanderi',
    'dress',
    'chanderi',
    ['#f4b995', '#f6efe2', '#e58e6e'],
    'md',
    'Peach chanderi unstitched suit piece',
  ],
  [
    'fabric-dress-red-bandhani',
    'dress',
    'bandhani',
    ['#b3121f', '#f7d9a8', '#f2b705'],
    'md',
    'Red bandhani cotton dress material',
    { dupatta: 'bandhani' },
  ],
  [
    'fabric-dress-sage-linen',
    'dress',
    'linen',
    ['#a8b89a', '#f1ede2', '#7d9170'],
    'md',
    'Sage green linen unstitched suit piece',
    { dupatta: 'cotton' },
  ],
].map(([slug, kind, weave, [b, a, c], shots, title, opts = {}]) => ({
  slug,
  kind,
  weave,
  c: { b, a: a || dk(b, 0.3), c },
  shots,
  title,
  opts,
  detail: opts.detail,
}));

// ---------------------------------------------------------------- category, logo and hero images

function category(name, title, draw) {
  const doc = new Doc(800, 600, title, name);
  draw(doc);
  return doc.toString();
}

const bySlug = (slug) => PRODUCTS.find((p) => p.slug === slug);

/** Draws a product's main scene (without backdrop) scaled into a category composition. */
function place(doc, slug, tf) {
  const s = bySlug(slug);
  doc.add(`<g transform="${tf}">`);
  SCENES[s.kind](doc, s);
  doc.add('</g>');
}

const CATEGORIES = {
  'category-men': [
    'Men: kurtas, sherwanis and Nehru jackets',
    (doc) => {
      backdrop(doc, '#c9a36a', 800, 600);
      shadow(doc, 400, 560, 330, 14, 0.18);
      place(doc, 'men-kurta-indigo-khadi', 'translate(-60 40) scale(.72)');
      place(doc, 'men-nehru-antique-gold-brocade', 'translate(452 40) scale(.72)');
      place(doc, 'men-sherwani-ivory-banarasi', 'translate(184 30) scale(.74)');
    },
  ],
  'category-women': [
    'Women: sarees, suit sets and lehengas',
    (doc) => {
      backdrop(doc, '#d98a9c', 800, 600);
      shadow(doc, 400, 560, 330, 14, 0.18);
      place(doc, 'women-suit-mint-chikankari', 'translate(-60 40) scale(.72)');
      place(doc, 'women-lehenga-crimson-bridal', 'translate(452 40) scale(.72)');
      place(doc, 'women-saree-mustard-kanjeevaram', 'translate(184 30) scale(.74)');
    },
  ],
  'category-accessories': [
    'Accessories: juttis, jhumkas, potlis and stoles',
    (doc) => {
      backdrop(doc, '#b98b5a', 800, 600);
      place(doc, 'acc-stole-kani-pashmina', 'translate(470 -40) scale(.72)');
      place(doc, 'acc-potli-zardozi', 'translate(330 40) scale(.8)');
      place(doc, 'acc-jutti-men-maroon-zari', 'translate(-30 130) scale(.8)');
      const s = bySlug('acc-jhumka-temple-gold');
      doc.add(
        `<g id="jh" transform="translate(120 150) scale(.55)">${jhumkaOne(doc, s, doc.use('gd'))}</g><use href="#jh" transform="translate(100 12) rotate(-8 120 150)"/>`,
      );
    },
  ],
  'category-unstitched-fabrics': [
    'Unstitched fabrics: silk, cotton and brocade by the metre',
    (doc) => {
      backdrop(doc, '#c9a36a', 800, 600);
      shadow(doc, 400, 540, 320, 18);
      const stack = [
        'fabric-brocade-red-banarasi',
        'fabric-silk-emerald-mulberry',
        'fabric-cotton-indigo-sanganeri',
        'women-saree-rani-bandhani',
        'fabric-cotton-natural-khadi',
        'fabric-silk-powder-blue-chanderi',
      ];
      stack.forEach((slug, i) => {
        const s = bySlug(slug);
        const y = 470 - i * 58;
        const x = 150 + ((i * 37) % 60) - 30;
        const F = doc.fabric(s.weave, s.c);
        doc.cloth(
          `M${x} ${y}H${x + 500}V${y + 46}Q${x + 500} ${y + 62} ${x + 484} ${y + 62}H${x + 16}Q${x} ${y + 62} ${x} ${y + 46}Z`,
          F,
          { shade: 'fe', sheen: sheenOf(s.weave) },
        );
      });
      const top = bySlug('fabric-silk-powder-blue-chanderi');
      const x = 150 + ((5 * 37) % 60) - 30;
      doc.cloth(`M${x + 24} 120H${x + 476}L${x + 500} 180H${x}Z`, doc.fabric(top.weave, top.c), {
        shade: false,
        sheen: true,
      });
    },
  ],
};

function logo() {
  const doc = new Doc(360, 96, 'Resham House logo', 'logo');
  const g = doc.use('gd');
  doc.add(
    `<circle cx="48" cy="48" r="42" fill="#7a1530"/><circle cx="48" cy="48" r="36" fill="none" stroke="${g}" stroke-width="2" stroke-dasharray="1 4" stroke-linecap="round"/><path d="M52 20C40 34 66 42 63 60C61 74 48 78 39 76C28 73 24 62 28 52C32 42 42 38 52 20Z" fill="${g}"/><path d="M44 46C39 52 39 62 45 67" fill="none" stroke="#7a1530" stroke-width="3"/><circle cx="48" cy="56" r="4" fill="#7a1530"/>`,
  );
  doc.add(
    `<text x="104" y="54" font-family="Georgia, 'Times New Roman', serif" font-size="36" fill="#7a1530">Resham House</text><text x="106" y="78" font-family="Georgia, serif" font-size="10.5" letter-spacing="2.3" fill="#8a6218">HANDLOOM TEXTILES &amp; FASHION</text>`,
  );
  return doc.toString();
}

function hero() {
  const doc = new Doc(
    1600,
    900,
    'Handloom silks, brocades and cottons hanging in the Resham House studio',
    'hero',
  );
  doc.defs.push(
    '<linearGradient id="hb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbf3e6"/><stop offset="1" stop-color="#e9d2b2"/></linearGradient>',
  );
  doc.add('<rect width="1600" height="900" fill="url(#hb)"/>');
  doc.add(
    `<rect width="1600" height="900" fill="${doc.fabric('chikankari', { b: '#f6ecdc', a: '#e6d2b4' })}" opacity=".5"/>`,
  );
  const cloths = [
    ['women-dupatta-magenta-banarasi', 700, 880, 770, { border: '#6a0c39' }],
    ['women-saree-mustard-kanjeevaram', 850, 1030, 690, { border: '#a3124f' }],
    ['fabric-silk-emerald-mulberry', 1000, 1170, 800, {}],
    ['women-saree-indigo-ikat', 1140, 1300, 720, { border: '#7a1e1e' }],
    ['women-saree-rani-bandhani', 1270, 1430, 790, { border: '#f2a900' }],
    ['fabric-brocade-red-banarasi', 1400, 1560, 700, { border: '#5c0a12' }],
  ];
  for (const [slug, x0, x1, bot, opts] of cloths) hangingCloth(doc, bySlug(slug), x0, x1, 120, bot, opts);
  rail(doc, 116, 660, 1590);
  let garland = '';
  for (let i = 0; i <= 30; i++) {
    const t = i / 30;
    const x = 680 + t * 890;
    const y = 124 + Math.sin(t * Math.PI * 3) ** 2 * 46;
    garland += `<circle cx="${f(x)}" cy="${f(y)}" r="13" fill="${i % 3 ? '#f28c1b' : '#f6c431'}"/>`;
  }
  doc.add(`<g stroke="#c4620f" stroke-width="2" stroke-dasharray="3 3">${garland}</g>`);
  return doc.toString();
}

// ---------------------------------------------------------------- write

const files = new Map();
for (const s of PRODUCTS) {
  const suffix = { m: '', d: '-detail', r: '-drape' };
  for (const shot of s.shots) files.set(`${s.slug}${suffix[shot]}.svg`, render(s, shot));
}
for (const [name, [title, draw]] of Object.entries(CATEGORIES))
  files.set(`${name}.svg`, category(name, title, draw));
files.set('logo.svg', logo());
files.set('hero.svg', hero());

mkdirSync(OUT, { recursive: true });
for (const old of readdirSync(OUT)) if (old.endsWith('.svg') && !files.has(old)) rmSync(join(OUT, old));
let total = 0;
for (const [name, svg] of files) {
  writeFileSync(join(OUT, name), svg);
  total += Buffer.byteLength(svg);
}
console.log(`wrote ${files.size} SVG files to ${OUT} (${(total / 1024).toFixed(0)} KB)`);
