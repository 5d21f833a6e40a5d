import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b}from"./chunk-FMPBSLXV.js";import"./chunk-GYPFH4VB.js";import"./chunk-6MUC7GE2.js";import"./chunk-NNUMQOTO.js";import"./chunk-KKM7PONK.js";export{a as creationChainFromRpc,b as discoverCreatedContracts};
