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
  const lazy = link.replace('rel="stylesheet"', 'rel="stylesheet" media="print"');
  return html.replace(link, () => `${inlineStyle(critical)}${lazy}<noscript>${link}</noscript>`);
}
