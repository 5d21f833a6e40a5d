import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-GMULF3YG.js";import"./chunk-FWILSALA.js";import"./chunk-TCX4K5IB.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
