import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{f as a,g as b,h as c,i as d}from"./chunk-YTNQRBTV.js";import"./chunk-KQX5DVZW.js";import"./chunk-KKM7PONK.js";export{d as ccipRequest,c as offchainLookup,b as offchainLookupAbiItem,a as offchainLookupSignature};
