import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-5MQPKY7A.js";import"./chunk-KKM7PONK.js";export{a as SharedAcrossChains};
