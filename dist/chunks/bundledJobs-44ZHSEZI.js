import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-27APZAPX.js";import"./chunk-7KEIHLB7.js";import"./chunk-OLRP6U7L.js";import"./chunk-FZSUZ7AN.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
