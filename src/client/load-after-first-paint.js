/**
 * The storefront's first script (a classic, deferred script; the build lists the app's module scripts in its
 * `data-modules` attribute, see vite.config.ts). On a page the server rendered (it carries the page-data
 * script) the modules are requested only once the browser has painted the page: the page needs no script to be
 * seen, and on a phone's connection the app's JavaScript would otherwise share the bandwidth with the page's
 * largest picture and its main-thread work would hold back the first paint. Other pages (cart, checkout,
 * account…) are an empty `#root` until the app runs, so their modules are requested at once. "Painted" is the
 * first contentful paint the browser reports (Paint Timing); a browser that reports none, or a tab opened in
 * the background, which paints nothing, loads them after one second. A server-rendered page carries only its
 * first paint's CSS inline and links the whole stylesheet as `media="print"` (fetched, never waited for:
 * src/server/modules/seo/page-styles.ts); it is switched on here, with the modules, once the page is painted.
 */
(function loadAfterFirstPaint(script) {
  var sources = script.dataset.modules.split(' ');
  // Called by the paint and by the timer: a module script added twice is fetched and run once (the
  // document's module map), so the second call adds nothing.
  function load() {
    document.querySelectorAll('link[media=print]').forEach(function (link) {
      link.media = 'all';
    });
    sources.forEach(function (source) {
      var module = document.createElement('script');
      module.type = 'module';
      module.src = source;
      document.head.appendChild(module);
    });
  }
  if (!document.getElementById('page-data')) return load();
  new PerformanceObserver(function (paints) {
    if (paints.getEntriesByName('first-contentful-paint').length) load();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(load, 1000);
})(document.currentScript);
