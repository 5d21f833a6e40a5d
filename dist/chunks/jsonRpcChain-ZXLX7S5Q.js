import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-W5SO5WDE.js";import"./chunk-3SGEUHLC.js";import"./chunk-KFJLYNE5.js";import"./chunk-TYG3LLFK.js";import"./chunk-FUZ6PVP7.js";import"./chunk-FWILSALA.js";import"./chunk-4H2BTHEG.js";import"./chunk-KKM7PONK.js";export{a as JsonRpcChain};
