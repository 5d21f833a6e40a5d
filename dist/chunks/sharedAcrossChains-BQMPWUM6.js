import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-NXIP66CC.js";import"./chunk-KKM7PONK.js";export{a as SharedAcrossChains};
