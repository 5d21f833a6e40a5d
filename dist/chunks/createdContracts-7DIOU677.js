import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b}from"./chunk-QM7CNQMR.js";import"./chunk-ZOELE7GJ.js";import"./chunk-GMULF3YG.js";import"./chunk-FWILSALA.js";import"./chunk-GWXT762P.js";import"./chunk-YJ6TUZNG.js";import"./chunk-TCX4K5IB.js";import"./chunk-KKM7PONK.js";export{a as creationChainFromRpc,b as discoverCreatedContracts};
