import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-VJ6NUTBJ.js";import"./chunk-TU7ENTRH.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
