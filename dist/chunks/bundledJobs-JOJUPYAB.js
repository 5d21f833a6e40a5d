import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-REW2XESC.js";import"./chunk-WR3HLPKR.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
