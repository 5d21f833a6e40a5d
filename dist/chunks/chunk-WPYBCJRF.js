import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var u=class{#e=new Map;#t=new Map;#r;constructor(e={}){this.#r=e}budgetShare(e){return this.#r[e]??1}budget(e,r){let t=this.#e.get(e);return t||(t=r(),this.#e.set(e,t)),t}lookups(e,r,t){let i=this.#t.get(e);if(i&&t(i))return i;let s=r();return this.#t.set(e,s),s}};export{u as a};
