import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-RH6LSDSH.js";import"./chunk-3SGEUHLC.js";import"./chunk-KK76HTIQ.js";import"./chunk-TYG3LLFK.js";import"./chunk-QPWW7RTW.js";import"./chunk-FWILSALA.js";import"./chunk-O2TNNPUU.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
