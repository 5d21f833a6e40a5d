import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-5UGQ24QH.js";import"./chunk-2PVYZHCF.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
