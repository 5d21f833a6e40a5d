import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-TAY7NALN.js";import"./chunk-FITCVOTR.js";import"./chunk-TYG3LLFK.js";import"./chunk-QPWW7RTW.js";import"./chunk-DC6G4Y2D.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
