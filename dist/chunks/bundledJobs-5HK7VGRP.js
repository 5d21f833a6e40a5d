import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-YE7AFB4O.js";import"./chunk-TU7ENTRH.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
