/* global document, requestAnimationFrame, setTimeout */
// Starts the portal on a page the server rendered, once that page has painted: the entry (and the
// hydration it runs) would otherwise hold the first paint back. The server puts this script in
// place of the entry's and names the entry in data-entry (apps/server/src/http/portal-pages.ts).
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  // A tab in the background paints no frame; start anyway.
  setTimeout(start, 1000);
})();
