import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b}from"./chunk-IOQNAH77.js";import"./chunk-R2K5ODCN.js";import"./chunk-PZQSEW55.js";import"./chunk-IJSTNDLJ.js";import"./chunk-KKM7PONK.js";export{a as contractsOf,b as qualifiedNames};
