import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var r=class extends Error{constructor(e,u){super(`body larger than ${e} bytes`);this.maxBodyBytes=e;this.announcedBytes=u}maxBodyBytes;announcedBytes},t=class extends Error{status;constructor(n,e){super(`the proxy${e?` ${e}`:""} refused the tunnel (HTTP ${n})`),this.status=n}};export{r as a,t as b};
