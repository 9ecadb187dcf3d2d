// Request streams of the search bench (bench/search.mjs).
// - `distinctPaths`: every request a new question (no two share a URL until the whole set is used), so each one
//   misses the response cache: the cold, uncached figure.
// - `shopperMix` / `typingMix`: questions drawn the way shoppers ask them, from a fixed seed — popular words
//   far more often than rare ones (Zipf), the common sizes and colours more often, mostly the default order;
//   suggestions as prefixes typed letter by letter. Repeats are answered from the cache; the stream counts them
//   (`hitRatio`: requests whose question was asked before in the run, counting from a cold cache — every
//   repeat is served from the cache, since a stock-reading answer lives 30 s and is refreshed ahead while read).
import { BENCH_COLOURS as COLOURS } from './helpers.mjs';
import { FABRICS, GARMENTS, QUERIES, SIZES, WORKS } from './search-catalogue.mjs';

/** A deterministic pseudo-random generator (mulberry32) giving numbers in [0, 1). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Picks from `values` with weight 1 / rankᵉˣᵖᵒⁿᵉⁿᵗ (the first value the most popular). */
function zipf(values, exponent, next) {
  const weights = values.map((_, index) => 1 / (index + 1) ** exponent);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return () => {
    let left = next() * total;
    for (const [index, weight] of weights.entries()) {
      left -= weight;
      if (left < 0) return values[index];
    }
    return values[values.length - 1];
  };
}

/** Endless distinct paths built from `parts` (a list of lists), in a fixed shuffled order. */
export function distinctPaths(build, parts) {
  const combos = [[]];
  for (const options of parts) {
    const next = [];
    for (const combo of combos) for (const option of options) next.push([...combo, option]);
    combos.splice(0, combos.length, ...next);
  }
  let seed = 42;
  for (let i = combos.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [combos[i], combos[j]] = [combos[j], combos[i]];
  }
  let next = 0;
  let wrapped = false;
  return {
    path: () => {
      if (next === combos.length) {
        next = 0;
        wrapped = true;
      }
      return build(...combos[(next += 1) - 1]);
    },
    wrapped: () => wrapped,
  };
}

/** Counts requests whose key was asked before. */
function repeatCounter() {
  const seen = new Set();
  let requests = 0;
  let repeats = 0;
  return {
    count: (key) => {
      requests += 1;
      if (seen.has(key)) repeats += 1;
      else seen.add(key);
    },
    hitRatio: () => (requests === 0 ? 0 : repeats / requests),
    distinct: () => seen.size,
  };
}

const searchUrl = (q, size, colour, sort, limit, facets) =>
  `/api/v1/products?q=${encodeURIComponent(q)}&size=${size}&color=${encodeURIComponent(colour)}&sort=${sort}` +
  `${limit === undefined ? '' : `&limit=${limit}`}${facets ? '&facets=1' : ''}`;

/** `values` in a fixed shuffled order (seed 42). */
function shuffled(values) {
  const list = [...values];
  let seed = 42;
  for (let i = list.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

const TRIPLES = shuffled(
  QUERIES.flatMap((q) => SIZES.flatMap((size) => COLOURS.map((colour) => [q, size, colour]))),
);
const SORTS = ['price_asc', 'newest', 'relevance'];
const LIMITS = Array.from({ length: 12 }, (_, index) => 12 + index);
/**
 * Uncached `q` + size + colour + sort (+ facets): a new question every request (a new text + size + colour
 * for the first 1,400 requests; then the same triples again with another sort and page size, 36 times over),
 * so every request misses the response cache; the 14 texts repeat, so their kept matches are reused. Share one stream between the warm-up and the targets that must not repeat it.
 */
export function distinctSearchPaths(facets) {
  let next = 0;
  return {
    path: () => {
      const round = Math.floor(next / TRIPLES.length) % (SORTS.length * LIMITS.length);
      const [q, size, colour] = TRIPLES[next % TRIPLES.length];
      next += 1;
      return searchUrl(
        q,
        size,
        colour,
        SORTS[round % SORTS.length],
        LIMITS[Math.floor(round / SORTS.length)],
        facets,
      );
    },
    wrapped: () => next > TRIPLES.length * SORTS.length * LIMITS.length,
  };
}

/**
 * Shoppers' searches with a size, a colour and an order: the bench's 14 questions by popularity (Zipf,
 * exponent 1), sizes M and L most asked, colours by popularity (Zipf 1.1 over 20), relevance order 60 %,
 * price 25 %, newest 15 %; the storefront's page size (12). Seeded by `seed`.
 */
export function shopperMix(facets, seed = 7) {
  const next = random(seed);
  const query = zipf(QUERIES, 1, next);
  const size = zipf(['M', 'L', 'S', 'XL', 'XXL'], 1, next);
  const colour = zipf(COLOURS, 1.1, next);
  const counter = repeatCounter();
  return {
    path: () => {
      const roll = next();
      const sort = roll < 0.6 ? 'relevance' : roll < 0.85 ? 'price_asc' : 'newest';
      const url = searchUrl(query(), size(), colour(), sort, undefined, facets);
      counter.count(url);
      return url;
    },
    wrapped: () => false,
    hitRatio: counter.hitRatio,
    distinct: counter.distinct,
  };
}

const suggestUrl = (prefix) => `/api/v1/search/suggest?q=${encodeURIComponent(prefix)}`;
const WORDS = [...QUERIES, ...COLOURS, ...FABRICS, ...WORKS, ...Object.values(GARMENTS).flat()];
const prefixesOf = (text) => {
  const lower = text.toLowerCase();
  return Array.from({ length: lower.length - 1 }, (_, index) => lower.slice(0, index + 2)).filter(
    (prefix) => !prefix.endsWith(' '),
  );
};

/** Uncached suggestions: every prefix (2 letters on) of the bench's words, each once per pass. */
export const distinctSuggestPaths = () =>
  distinctPaths(suggestUrl, [[...new Set(WORDS.flatMap(prefixesOf))]]);

/**
 * Shoppers typing into the search box: a text picked by popularity (Zipf, exponent 1, over the bench's
 * questions, then colours, fabrics, crafts and garments) and sent prefix by prefix from its second letter, as
 * the debounced box does for a steady typist. Seeded by `seed`.
 */
export function typingMix(seed = 11) {
  const next = random(seed);
  const text = zipf(WORDS, 1, next);
  const counter = repeatCounter();
  let typing = [];
  return {
    path: () => {
      if (typing.length === 0) typing = prefixesOf(text());
      const prefix = typing.shift();
      counter.count(prefix.trim());
      return suggestUrl(prefix);
    },
    wrapped: () => false,
    hitRatio: counter.hitRatio,
    distinct: counter.distinct,
  };
}

/** Plain list pages of one category (cached after their first answer). */
export const plainPaths = () =>
  distinctPaths(
    (page) => `/api/v1/products?category=Women&page=${page}`,
    [Array.from({ length: 20 }, (_, i) => i + 1)],
  );
