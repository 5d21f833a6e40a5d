import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{f as a,g as b,h as c,i as d}from"./chunk-DHJWMZ2T.js";import"./chunk-UXUUH5KR.js";import"./chunk-KKM7PONK.js";export{d as ccipRequest,c as offchainLookup,b as offchainLookupAbiItem,a as offchainLookupSignature};
