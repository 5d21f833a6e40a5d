import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-LT5OJUIB.js";import"./chunk-LY2RKXZR.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
