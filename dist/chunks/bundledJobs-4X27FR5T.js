import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-LTVMOAHX.js";import"./chunk-SDMLS6S3.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
