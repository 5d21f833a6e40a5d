import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b}from"./chunk-EKQFPXOO.js";import"./chunk-UAP5X6CD.js";import"./chunk-FWILSALA.js";import"./chunk-GDWH2UGX.js";import"./chunk-EXGJOZUW.js";import"./chunk-KKM7PONK.js";export{a as creationChainFromRpc,b as discoverCreatedContracts};
