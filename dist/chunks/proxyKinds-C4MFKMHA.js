import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a,b,c,d}from"./chunk-MPNU2XYO.js";import"./chunk-Y47GBUIP.js";import"./chunk-35QYOWWN.js";import"./chunk-RSUQ25E6.js";import"./chunk-OQO3X7RM.js";import"./chunk-DL2IZZA2.js";import"./chunk-KKM7PONK.js";export{d as addressIn,b as eip1167,a as eip1967ImplementationSlot,c as resolveProxy};
