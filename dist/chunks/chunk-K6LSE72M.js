import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{A as o,v as t}from"./chunk-IJSTNDLJ.js";function c(f,s){return o(t(e=>{if(typeof e!="object"||e===null||Array.isArray(e))return e;let n={...e};for(let[r,i]of Object.entries(f))n[r]===void 0&&n[i]!==void 0&&(n[r]=n[i]);return n}),s)}export{c as a};
