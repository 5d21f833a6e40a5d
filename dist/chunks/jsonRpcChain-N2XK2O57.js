import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-O2TZJAUC.js";import"./chunk-FWILSALA.js";import"./chunk-Q7LQLYZQ.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
