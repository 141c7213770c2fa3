/**
 * The loading shell of index.html (markup and styles there), kept on screen by the router until
 * the first page's chunk is in, so a full page load goes shell → page without a blank in between.
 */
export function BootShell() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot__header" />
      <p className="boot__text">正在加载…</p>
    </div>
  );
}
