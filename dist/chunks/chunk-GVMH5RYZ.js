import { createRequire } from 'module'; const require = createRequire(import.meta.url);
function e(o){let t=URL.parse(o);return t?.protocol==="http:"||t?.protocol==="https:"?t:void 0}function n(o){let t=URL.parse(o.trim())?.hostname.toLowerCase();return t===void 0?!1:t==="localhost"||t==="[::1]"||t==="0.0.0.0"||/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(t)}export{e as a,n as b};
