import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-E6FHMNBL.js";import"./chunk-FWILSALA.js";import"./chunk-7BFYSILH.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
