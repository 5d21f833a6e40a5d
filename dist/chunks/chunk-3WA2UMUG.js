import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{b as t}from"./chunk-HCNBJIBC.js";var o="3d602d80600a3d3981f3";function r(n){let e=t.exec(n.replace(/^0x/,"").toLowerCase());return e?.[1]===void 0?void 0:`0x${e[1]}`}function c(n){let e=n.replace(/^0x/,"").toLowerCase();return e.startsWith(o)?r(e.slice(o.length)):void 0}export{r as a,c as b};
