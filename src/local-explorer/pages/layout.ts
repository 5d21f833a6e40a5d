import { html, SafeHtml } from "./html.js";

/**
 * The pages' colours. Each text colour is used only on the backgrounds it is paired with here, and every pair
 * reaches WCAG AA's 4.5:1 for normal text (the browser test measures them on the rendered pages).
 */
export const palette = {
  text: "#1f2328",
  background: "#ffffff",
  muted: "#57606a",
  link: "#0550ae",
  codeBackground: "#f6f8fa",
  headerText: "#ffffff",
  headerBackground: "#24292f",
  border: "#d0d7de",
  verifiedText: "#116329",
  verifiedBackground: "#dafbe1",
  partialText: "#7d4e00",
  partialBackground: "#fff8c5",
  failedText: "#a40e26",
  failedBackground: "#ffebe9",
  pendingText: "#0550ae",
  pendingBackground: "#ddf4ff",
  unverifiedText: "#424a53",
  unverifiedBackground: "#eaeef2",
} as const;

const p = palette;
// Cells may break anywhere, so a hash fits a narrow window; a header only between words (breaking anywhere lets the
// table squeeze a short column until "Block" reads "Bloc k").
const stylesheet = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:${p.text};background:${p.background}}
header{background:${p.headerBackground};color:${p.headerText};padding:.6rem 1.5rem;display:flex;flex-wrap:wrap;gap:.3rem 1.5rem;align-items:baseline}
header a{color:${p.headerText};font-weight:600}
main{padding:1rem 1.5rem 3rem;max-width:80rem}
a{color:${p.link}}
h1{font-size:1.6rem;margin:.5rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;margin:2rem 0 .6rem;border-bottom:1px solid ${p.border};padding-bottom:.2rem}
h3{font-size:1rem;margin:1.2rem 0 .4rem;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%}
caption{text-align:left;color:${p.muted};padding:.3rem 0}
th,td{text-align:left;vertical-align:top;padding:.35rem .6rem;border-bottom:1px solid ${p.border};overflow-wrap:anywhere}
th{overflow-wrap:normal}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:0}
dt{color:${p.muted}}
dd{margin:0;overflow-wrap:anywhere}
.hash,code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem}
pre{background:${p.codeBackground};color:${p.text};border:1px solid ${p.border};padding:.6rem;overflow:auto;max-height:40rem;margin:0}
pre.wrap{white-space:pre-wrap;overflow-wrap:anywhere}
pre.source{counter-reset:line;padding-left:0}
pre.source .line{display:block;padding-left:4.2rem;text-indent:-3.6rem;white-space:pre-wrap}
pre.source .line::before{counter-increment:line;content:counter(line);display:inline-block;width:3rem;margin-right:.6rem;text-align:right;color:${p.muted};user-select:none}
.muted{color:${p.muted}}
.reason{display:block}
.state{display:inline-block;border-radius:1rem;padding:0 .6rem;font-size:.85rem;font-weight:600;white-space:nowrap}
.state-verified{color:${p.verifiedText};background:${p.verifiedBackground}}
.state-partial{color:${p.partialText};background:${p.partialBackground}}
.state-failed{color:${p.failedText};background:${p.failedBackground}}
.state-pending{color:${p.pendingText};background:${p.pendingBackground}}
.state-unverified,.state-empty{color:${p.unverifiedText};background:${p.unverifiedBackground}}
form{display:flex;gap:.5rem;align-items:center;margin:1rem 0;flex-wrap:wrap}
input{font:inherit;padding:.25rem .4rem;min-width:28rem;max-width:100%;color:${p.text};background:${p.background};border:1px solid ${p.muted}}
button{font:inherit;padding:.25rem .8rem;color:${p.headerText};background:${p.headerBackground};border:0}
:focus-visible{outline:3px solid ${p.link};outline-offset:2px}
`.trim();

/** What every page shows in its header. */
export interface ChainSummary {
  chainId: number;
  rpcUrl: string;
}

/**
 * A whole page: the document, its title, the header naming the chain, and the stylesheet inline (nothing is
 * loaded from anywhere else).
 * @param title - the page title, also its only `h1`
 * @param chain - the chain the explorer follows
 * @param body - the main content, after the `h1`
 * @returns the document
 */
export function pageDocument(title: string, chain: ChainSummary, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · local explorer</title>
<link rel="icon" href="data:,">
<style>${new SafeHtml(stylesheet)}</style>
</head>
<body>
<header><a href="/">Local explorer</a><span>Chain ${chain.chainId} · RPC <span class="hash">${chain.rpcUrl}</span></span></header>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.text;
}
