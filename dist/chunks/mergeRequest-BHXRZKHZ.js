import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import"./chunk-KKM7PONK.js";async function s(e){let{mergeShards:r}=await import("./mergeShards-WAXNLOVK.js");return r(e)}export{s as runMergeRequest};
