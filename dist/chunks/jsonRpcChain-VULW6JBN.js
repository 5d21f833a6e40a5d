import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-VDWQHD54.js";import"./chunk-FWILSALA.js";import"./chunk-LKCOIBBO.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
