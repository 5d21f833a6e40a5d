import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b,c,d}from"./chunk-TL457QJC.js";import"./chunk-U2NDTFDE.js";import"./chunk-RPPKV6WW.js";import"./chunk-IEOYXKJF.js";import"./chunk-IY3GVRRE.js";import"./chunk-X53BEMVO.js";import"./chunk-KKM7PONK.js";export{d as onTheirOwnChains,a as taskDeployment,b as taskDeployments,c as taskLedger};
