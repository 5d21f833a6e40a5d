import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b,c,d}from"./chunk-4ITUEZCE.js";import"./chunk-U2NDTFDE.js";import"./chunk-DGAYFDOT.js";import"./chunk-IEOYXKJF.js";import"./chunk-IY3GVRRE.js";import"./chunk-7LUDGF7L.js";import"./chunk-KKM7PONK.js";export{d as onTheirOwnChains,a as taskDeployment,b as taskDeployments,c as taskLedger};
