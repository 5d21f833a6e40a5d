import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import{s as e}from"./chunk-7LUDGF7L.js";function a(r){let[i]=r;if(!i)return;let n=r.find(d=>d.id!==i.id);if(n)throw new e("chainId",`Chain ids disagree: ${i.source} says chain ${i.id}, but ${n.source} says chain ${n.id}. Nothing was sent.`);return i.id}export{a};
