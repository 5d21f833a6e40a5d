import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{e as a,f as b,g as c,h as d}from"./chunk-MUTCOBEF.js";import"./chunk-U626BNF4.js";import"./chunk-5XOWTRLV.js";import"./chunk-KKM7PONK.js";export{c as chainIdOfExplorer,a as findExplorerByChainId,b as shippedExplorerFor,d as unknownChain};
