import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b,c,d}from"./chunk-2UIOSVBV.js";import"./chunk-U2NDTFDE.js";import"./chunk-GHWYYD3R.js";import"./chunk-IEOYXKJF.js";import"./chunk-IY3GVRRE.js";import"./chunk-CK5PV35Y.js";import"./chunk-KKM7PONK.js";export{d as onTheirOwnChains,a as taskDeployment,b as taskDeployments,c as taskLedger};
