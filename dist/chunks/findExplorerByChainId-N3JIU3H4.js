import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{e as a,f as b,g as c,h as d}from"./chunk-HRSROAZI.js";import"./chunk-IEOYXKJF.js";import"./chunk-GYPFH4VB.js";import"./chunk-NNUMQOTO.js";import"./chunk-KKM7PONK.js";export{c as chainIdOfExplorer,a as findExplorerByChainId,b as shippedExplorerFor,d as unknownChain};
