/**
 * The storefront's stylesheet in its pages (docs/seo.md "How pages are sent"). A server-rendered page carries
 * inline only the CSS its first paint needs — the rules its markup uses (found by `beasties`), without
 * hover/focus/active states and without the theme's unused custom properties — and loads the whole,
 * content-hashed (immutable) stylesheet without blocking its render: `<link rel="stylesheet" media="print">`,
 * which the browser fetches at low priority and does not wait for, switched to `media="all"` by
 * src/client/load-after-first-paint.js once the page is painted (the Content-Security-Policy forbids inline
 * event handlers such as `onload`), with a `<noscript>` stylesheet for browsers without scripts. Every other
 * page keeps the blocking `<link rel="stylesheet">` as built: its content is drawn by the app, after the
 * stylesheet anyway.
 */
import { createHash } from 'node:crypto';
import Beasties from 'beasties';
import postcss, { type AtRule, type Root } from 'postcss';

/** The built stylesheet a page links: its URL (`/assets/shell-….css`) and its text. */
export type PageStylesheet = { href: string; css: string };

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/;

/**
 * The stylesheet `<link>` of the built `index.html` and its text, or null when there is none or it cannot be
 * read (the page then keeps its link as built).
 * @param readAsset reads a built file by its path below the client build (`assets/….css`).
 */
export function pageStylesheet(
  indexHtml: string,
  readAsset: (file: string) => string | null,
): PageStylesheet | null {
  const href = STYLESHEET_LINK.exec(indexHtml)?.[1];
  if (!href) return null;
  const css = readAsset(href.slice(1));
  return css === null ? null : { href, css };
}

/** Pseudo-classes a first paint never shows: a pointer or the keyboard must reach the element first. */
const INTERACTION_STATE = /:(hover|focus|focus-visible|focus-within|active)\b/;

/** What a page's critical CSS is drawn from, computed once per stylesheet by {@link firstPaintCandidates}. */
export type FirstPaintCss = {
  /** The stylesheet without its `@font-face` rules and the rules for interaction states. */
  rules: string;
  /** Its `@font-face` rules, inlined in every page (fonts are named through custom properties). */
  fontFaces: string;
};

/**
 * The candidates for a page's critical CSS: the stylesheet without the rules for interaction states (a
 * rule whose every selector needs one), and apart, its `@font-face` rules (a few hundred bytes: the heading
 * font and its metric-matched fallback, so headings never change size when the stylesheet arrives).
 */
export function firstPaintCandidates(css: string): FirstPaintCss {
  const root = postcss.parse(css);
  const fontFaces: string[] = [];
  root.walkAtRules('font-face', (atRule) => {
    fontFaces.push(atRule.toString());
    atRule.remove();
  });
  root.walkRules((rule) => {
    if (rule.selectors.every((selector) => INTERACTION_STATE.test(selector))) rule.remove();
    else rule.selectors = rule.selectors.filter((selector) => !INTERACTION_STATE.test(selector));
  });
  removeEmptyAtRules(root);
  return { rules: root.toString(), fontFaces: fontFaces.join('') };
}

function removeEmptyAtRules(root: Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule: AtRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}

/**
 * `css` without the custom properties (`--name: …` declarations and `@property --name` rules) that nothing in
 * it reads through `var(--name)`, directly or through another kept property.
 */
export function withoutUnusedCustomProperties(css: string): string {
  const root = postcss.parse(css);
  const readsOf = new Map<string, Set<string>>();
  const readBy = (value: string) => new Set([...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!));
  const used = new Set<string>();
  root.walkDecls((decl) => {
    const reads = readBy(decl.value);
    if (decl.prop.startsWith('--')) {
      const known = readsOf.get(decl.prop) ?? new Set<string>();
      for (const name of reads) known.add(name);
      readsOf.set(decl.prop, known);
    } else for (const name of reads) used.add(name);
  });
  const pending = [...used];
  while (pending.length > 0) {
    for (const name of readsOf.get(pending.pop()!) ?? []) {
      if (!used.has(name)) {
        used.add(name);
        pending.push(name);
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
  });
  root.walkAtRules('property', (atRule) => {
    if (!used.has(atRule.params.trim())) atRule.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  removeEmptyAtRules(root);
  return root.toString();
}

const inlineStyle = (css: string) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;

/**
 * What decides which rules a page's markup uses, as one string: each distinct start tag with its classes and
 * the attributes selectors look at (everything but text-like values: links, pictures, labels), sorted. Two
 * pages with the same key (product pages of one kind, a listing's pages) get the same critical CSS, so it is
 * found once for them (about 0.1–0.3 s of work each time).
 */
export function markupKey(html: string): string {
  const tags = new Set<string>();
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attributes = [...match[2]!.matchAll(/([^\s=>]+)(?:="([^"]*)")?/g)]
      .map(([, name, value]) =>
        TEXT_ATTRIBUTES.test(name!)
          ? name!
          : `${name}=${name === 'class' ? sortedWords(value ?? '') : (value ?? '')}`,
      )
      .sort();
    tags.add(`${match[1]!.toLowerCase()} ${attributes.join(' ')}`);
  }
  return [...tags].sort().join('\n');
}

const TEXT_ATTRIBUTES =
  /^(href|src|srcset|sizes|alt|title|content|id|for|aria-label|aria-labelledby|aria-describedby|aria-controls|value|datetime|name|placeholder|action|style)$/i;

const sortedWords = (text: string) => text.split(/\s+/).filter(Boolean).sort().join(' ');

/** Critical CSS by markup key, per stylesheet's candidates; the oldest forgotten past {@link KEPT_CRITICAL_CSS}. */
const foundCss = new WeakMap<FirstPaintCss, Map<string, string>>();
const KEPT_CRITICAL_CSS = 200;

/**
 * A server-rendered page with its critical CSS inline and the whole stylesheet loaded without blocking its
 * render (see the module's comment); `html` is the page as built, with the stylesheet's blocking link.
 * @param candidates `firstPaintCandidates(stylesheet.css)`.
 */
export async function withCriticalCss(
  html: string,
  stylesheet: PageStylesheet,
  candidates: FirstPaintCss,
): Promise<string> {
  const link = STYLESHEET_LINK.exec(html)?.[0];
  if (!link) return html;
  const lazy = link.replace('rel="stylesheet"', 'rel="stylesheet" media="print"');
  const withCss = (critical: string) =>
    html.replace(link, () => `${inlineStyle(critical)}${lazy}<noscript>${link}</noscript>`);
  let found = foundCss.get(candidates);
  if (!found) foundCss.set(candidates, (found = new Map()));
  const key = createHash('sha256').update(markupKey(html)).digest('base64');
  const known = found.get(key);
  if (known !== undefined) return withCss(known);
  const beasties = new Beasties({
    path: '/nonexistent',
    logLevel: 'silent',
    external: false,
    reduceInlineStyles: true,
    fonts: false,
    preloadFonts: false,
    compress: true,
  });
  const marked = html.replace(link, () => `<style data-critical>${candidates.rules}</style>`);
  const reduced = await beasties.process(marked);
  const style = /<style data-critical>([\s\S]*?)<\/style>/.exec(reduced);
  const critical = candidates.fontFaces + withoutUnusedCustomProperties(style?.[1] ?? '');
  if (found.size >= KEPT_CRITICAL_CSS) found.delete(found.keys().next().value!);
  found.set(key, critical);
  return withCss(critical);
}
