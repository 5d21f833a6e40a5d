import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b,c,d}from"./chunk-ZBXZVDBN.js";import"./chunk-U2NDTFDE.js";import"./chunk-DDUAGAF4.js";import"./chunk-IEOYXKJF.js";import"./chunk-IY3GVRRE.js";import"./chunk-CK5PV35Y.js";import"./chunk-KKM7PONK.js";export{d as onTheirOwnChains,a as taskDeployment,b as taskDeployments,c as taskLedger};
