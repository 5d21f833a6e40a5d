import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{v as t}from"./chunk-7TEDVEYC.js";async function u(e,i){if(!Number.isFinite(i))return e;let r,n=new Promise((m,o)=>{r=setTimeout(()=>o(t()),Math.max(0,i-Date.now()))});try{return await Promise.race([e,n])}finally{clearTimeout(r)}}export{u as a};
