import { createRequire } from 'module'; const require = createRequire(import.meta.url);
import"./chunk-KKM7PONK.js";async function s(e){let{mergeShards:r}=await import("./mergeShards-44TX5ZM6.js");return r(e)}export{s as runMergeRequest};
