import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-UAP5X6CD.js";import"./chunk-FWILSALA.js";import"./chunk-EXGJOZUW.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
