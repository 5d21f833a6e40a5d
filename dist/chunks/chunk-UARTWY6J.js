import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{a as r,b as i}from"./chunk-KKM7PONK.js";var o=i((p,e)=>{e.exports=r("node:crypto")});export{o as a};
