import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import"./chunk-KKM7PONK.js";async function s(e){let{mergeShards:r}=await import("./mergeShards-PRC3B5HA.js");return r(e)}export{s as runMergeRequest};
