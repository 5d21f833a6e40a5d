import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b}from"./chunk-O2CPM7GF.js";import"./chunk-O2TZJAUC.js";import"./chunk-FWILSALA.js";import"./chunk-A7Z25UMI.js";import"./chunk-Q7LQLYZQ.js";import"./chunk-KKM7PONK.js";export{a as creationChainFromRpc,b as discoverCreatedContracts};
