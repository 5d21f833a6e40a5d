import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b,c,d}from"./chunk-4UX6POCJ.js";import"./chunk-AA4F6USN.js";import"./chunk-IY3GVRRE.js";import"./chunk-IEOYXKJF.js";import"./chunk-7TEDVEYC.js";import"./chunk-KKM7PONK.js";export{d as onTheirOwnChains,a as taskDeployment,b as taskDeployments,c as taskLedger};
