import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-WPYBCJRF.js";import"./chunk-KKM7PONK.js";export{a as SharedAcrossChains};
