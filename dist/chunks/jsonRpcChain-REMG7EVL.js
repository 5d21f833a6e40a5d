import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-6MUC7GE2.js";import"./chunk-NNUMQOTO.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
