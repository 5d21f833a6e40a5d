import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function s(n,e){let i=Math.min(Math.max(0,n||0),2147483647);return new Promise(r=>{if(e?.aborted)return r();let o=setTimeout(t,i);e?.addEventListener("abort",t,{once:!0});function t(){clearTimeout(o),e?.removeEventListener("abort",t),r()}})}var a={now:()=>Date.now(),sleep:s};export{s as a,a as b};
