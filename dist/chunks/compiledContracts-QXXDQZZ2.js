import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b}from"./chunk-JZS7UE2T.js";import"./chunk-R2K5ODCN.js";import"./chunk-PZQSEW55.js";import"./chunk-IJSTNDLJ.js";import"./chunk-KKM7PONK.js";export{b as compiledContract,a as contractsOf};
