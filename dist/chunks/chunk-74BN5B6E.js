import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var t=class extends Error{maxBodyBytes;announcedBytes;constructor(e,n){super(`body larger than ${e} bytes`),this.maxBodyBytes=e,this.announcedBytes=n}},r=class extends Error{status;constructor(e,n){super(`the proxy${n?` ${n}`:""} refused the tunnel (HTTP ${e})`),this.status=e}};export{t as a,r as b};
