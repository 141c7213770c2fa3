/* global document, requestAnimationFrame, setTimeout */
// Starts the portal on a page the server rendered, once that page has painted: fetching and
// running the scripts would otherwise hold the first paint back. The server puts this script in
// place of the entry's and names the entry (data-entry) and the modules to fetch alongside it
// (data-modules); see apps/server/src/http/portal-pages.ts.
(function () {
  var self = document.currentScript;
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var modules = (self.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // The frame after the next one: by then the first has been painted.
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
  // A tab in the background paints no frame; start anyway.
  setTimeout(start, 1000);
})();
