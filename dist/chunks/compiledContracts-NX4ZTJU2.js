import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b}from"./chunk-ZTUPLZX7.js";import"./chunk-R2K5ODCN.js";import"./chunk-LRUP4CGG.js";import"./chunk-IJSTNDLJ.js";import"./chunk-KKM7PONK.js";export{b as compiledContract,a as contractsOf};
