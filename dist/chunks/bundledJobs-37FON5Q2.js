import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-B23UOUK4.js";import"./chunk-7KAOGJDH.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
