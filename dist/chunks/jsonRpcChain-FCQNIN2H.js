import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-ZKAHCI6Y.js";import"./chunk-FWILSALA.js";import"./chunk-GXRECFIV.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
