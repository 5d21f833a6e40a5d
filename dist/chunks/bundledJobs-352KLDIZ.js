import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a}from"./chunk-AEBRDGFL.js";import"./chunk-HX4PYLEK.js";import"./chunk-6L7UHSPS.js";import"./chunk-HTJ7X7IG.js";import"./chunk-KKM7PONK.js";export{a as bundledJobs};
