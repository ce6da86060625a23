package io.github.ycsbtiers.suite.report;

/**
 * index.html's style sheet, inline in the page: one column at most 80rem wide, tables that scroll
 * sideways in their own box, charts two to a row at 1280 px and one at a phone's width.
 */
final class PageStyle {
  static final String CSS = String.join("\n",
      ":root{color-scheme:light;--line:#d0d7de;--soft:#f6f8fa;--text:#1f2328;--mute:#59636e;--link:#0550ae}",
      "*{box-sizing:border-box}",
      "body{margin:0;font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
          + "color:var(--text);overflow-wrap:anywhere}",
      "main{max-width:80rem;margin:0 auto;padding:0 1rem 3rem}",
      "header{padding:1rem 0 .5rem;border-bottom:1px solid var(--line)}",
      "h1{font-size:1.6rem;margin:.2rem 0}",
      "h2{font-size:1.25rem;margin:2rem 0 .6rem;padding-bottom:.2rem;border-bottom:1px solid var(--line)}",
      "h3{font-size:1.05rem;margin:1.2rem 0 .4rem}",
      "a{color:var(--link)}",
      "nav{display:flex;flex-wrap:wrap;gap:.3rem .9rem;padding:.6rem 0;font-size:.92rem}",
      ".status{display:inline-block;padding:0 .5rem;border-radius:1rem;background:#dafbe1;font-weight:600}",
      ".status.interrupted,.status.failed{background:#ffebe9}",
      ".muted{color:var(--mute)}",
      "pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.6rem .8rem;"
          + "white-space:pre-wrap;word-break:break-all;font-size:.88rem}",
      "code{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:.9em}",
      ".scroll{overflow-x:auto;width:fit-content;max-width:100%;border:1px solid var(--line);border-radius:6px;"
          + "margin:.4rem 0 1rem}",
      "table{border-collapse:collapse;font-size:.9rem}",
      "th,td{padding:.3rem .6rem;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap;"
          + "vertical-align:top}",
      // headers wrap, so that a table of a dozen figures fits 1280 px; cells never do
      "th{background:var(--soft);font-weight:600;white-space:normal;vertical-align:bottom;"
          + "overflow-wrap:normal;min-width:4rem}",
      ".num{text-align:right;font-variant-numeric:tabular-nums}",
      "td.same{color:var(--mute)}",
      "tr.row td{border-bottom:none}",
      "tr.more td{padding-top:0}",
      "tr.more summary{cursor:pointer;color:var(--link);font-size:.85rem}",
      ".panel{position:sticky;left:0;max-width:calc(100vw - 3rem);white-space:normal;padding:.4rem 0}",
      ".panel figure{max-width:70rem}",
      ".files{font-size:.85rem;margin:.3rem 0}",
      ".files a{margin-right:.5rem}",
      "table.facts td{white-space:normal}",
      ".charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,36rem),1fr));gap:1rem}",
      "figure{margin:0}",
      "img{display:block;max-width:100%;height:auto;border:1px solid var(--line);border-radius:4px}",
      "figcaption{font-size:.85rem;color:var(--mute);margin-top:.2rem}",
      "li{margin:.2rem 0}",
      "footer{margin-top:3rem;font-size:.85rem;color:var(--mute)}",
      "@media (max-width:40rem){body{font-size:14px}main{padding:0 .6rem 2rem}h1{font-size:1.3rem}}");

  private PageStyle() {
  }
}
