import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b,c,d}from"./chunk-HCNBJIBC.js";import"./chunk-ABRXTP5S.js";import"./chunk-YTVBNLAN.js";import"./chunk-OQO3X7RM.js";import"./chunk-RSUQ25E6.js";import"./chunk-DL2IZZA2.js";import"./chunk-KKM7PONK.js";export{d as addressIn,b as eip1167,a as eip1967ImplementationSlot,c as resolveProxy};
