import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-B7457LG6.js";import"./chunk-5XOWTRLV.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
